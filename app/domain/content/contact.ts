import { z } from "zod";
import { EMAIL_ADDRESS_MAX_LENGTH, emailAddressSchema } from "../../lib/email-address";
import { nameField } from "../../lib/name-text";

// The contact form's rules, shared by the browser's native checks (the same limits as attributes) and the
// server, which checks again.
export const CONTACT_LIMITS = {
  name: 100,
  email: EMAIL_ADDRESS_MAX_LENGTH,
  phone: 30,
  subject: 150,
  message: 5000,
} as const;

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const contactMessageSchema = z.object({
  name: nameField("Name", { max: CONTACT_LIMITS.name }),
  email: emailAddressSchema,
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phone, `Phone must be at most ${CONTACT_LIMITS.phone} characters`)
    .regex(/^[+\d\s().-]*$/, "Phone may contain only digits, spaces and + ( ) . -")
    .optional()
    .transform((v) => (v ? v : undefined)),
  subject: required("Subject", CONTACT_LIMITS.subject),
  message: required("Message", CONTACT_LIMITS.message),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema>;
export const CONTACT_FIELDS = ["name", "email", "phone", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

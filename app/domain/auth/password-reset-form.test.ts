import { describe, expect, it } from "vitest";
import {
  parseForgotPasswordForm,
  parseResetPasswordForm,
  readForgotPasswordForm,
  readResetPasswordForm,
} from "./password-reset-form";
import { PASSWORD_RESET_MESSAGES } from "./password-reset";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

describe("the forgot-password form", () => {
  it("takes one e-mail address, trimmed and in lower case", () => {
    expect(parseForgotPasswordForm(readForgotPasswordForm(form({ email: "  Rina@Example.COM " })))).toEqual({
      ok: true,
      input: { email: "rina@example.com" },
    });
  });

  it("names the e-mail field when it is missing or wrong", () => {
    expect(parseForgotPasswordForm(readForgotPasswordForm(form({})))).toEqual({
      ok: false,
      errors: { email: "Email is required" },
    });
    expect(parseForgotPasswordForm({ email: "a@b, c@d.com" })).toEqual({
      ok: false,
      errors: { email: "Invalid email address" },
    });
  });
});

describe("the new-password form", () => {
  const token = "AbCdEfGhIjKlMnOpQrStUvWx";

  it("holds the new password to the change-password forms' length rules and its repeat", () => {
    expect(parseResetPasswordForm({ token, newPassword: "", confirmPassword: "" })).toEqual({
      ok: false,
      errors: { newPassword: "New password is required" },
    });
    expect(parseResetPasswordForm({ token, newPassword: "short", confirmPassword: "shirt" })).toEqual({
      ok: false,
      errors: {
        newPassword: "New password must be at least 8 characters",
        confirmPassword: "The two new passwords do not match",
      },
    });
    expect(parseResetPasswordForm({ token, newPassword: "x".repeat(129), confirmPassword: "x".repeat(129) })).toEqual({
      ok: false,
      errors: { newPassword: "New password must be at most 128 characters" },
    });
  });

  it("says a missing or malformed link on the whole form", () => {
    for (const bad of ["", "short", "has spaces in it 123456789", "../../etc/passwd-aaaaaaaaaa"]) {
      expect(
        parseResetPasswordForm({ token: bad, newPassword: "fine-password-1", confirmPassword: "fine-password-1" }),
      ).toEqual({ ok: false, errors: { form: PASSWORD_RESET_MESSAGES.linkInvalid } });
    }
  });

  it("reads the token and the password exactly as typed (passwords are not trimmed)", () => {
    const values = readResetPasswordForm(
      form({ token, newPassword: " spaced pass ", confirmPassword: " spaced pass " }),
    );
    expect(parseResetPasswordForm(values)).toEqual({ ok: true, input: { token, newPassword: " spaced pass " } });
  });
});

import type { companySettings } from "../schema";

export const companySeed: typeof companySettings.$inferInsert = {
  id: 1,
  name: "Utsab Event Technologies",
  tagline: "Light, sound, screens and stages for events that matter, across Dhaka and all of Bangladesh.",
  address: "House 42, Road 11, Block E, Banani, Dhaka 1213, Bangladesh",
  phones: ["+880 1711-234567", "+880 2-55041234"],
  emails: ["info@utsabevents.com.bd", "bookings@utsabevents.com.bd"],
  businessHours: [
    { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" },
    { days: "Saturday", hours: "10:00 AM - 4:00 PM" },
    { days: "Sunday", hours: "Closed" },
  ],
  supportNote: "Event technical support is available 24/7 for ongoing events.",
  socialLinks: {
    facebook: "https://www.facebook.com/utsabevents",
    instagram: "https://www.instagram.com/utsabevents",
    linkedin: "https://www.linkedin.com/company/utsabevents",
    youtube: "https://www.youtube.com/@utsabevents",
  },
  notificationEmail: "bookings@utsabevents.com.bd",
};

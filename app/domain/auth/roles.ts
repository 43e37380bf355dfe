/** Roles on a user (DESIGN §4). The spec's admin_users record is role = admin. */
export const USER_ROLES = ["admin", "staff", "customer"] as const;
export type UserRole = (typeof USER_ROLES)[number];

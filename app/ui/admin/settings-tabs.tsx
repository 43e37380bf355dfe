import { BookOpen, Building2, CalendarRange, Download, UserRound, Users, type LucideIcon } from "lucide-react";
import { NavLink } from "react-router";
import { can, viewPermission, type AdminPath } from "~/domain/auth/permissions";
import type { UserRole } from "~/domain/auth/roles";

interface SettingsTab {
  to: AdminPath;
  label: string;
  icon: LucideIcon;
}

const TABS: SettingsTab[] = [
  { to: "/admin/settings", label: "Company", icon: Building2 },
  { to: "/admin/settings/users", label: "Users", icon: Users },
  { to: "/admin/settings/rate-structures", label: "Rate structures", icon: CalendarRange },
  // The posting roles' accounts and the lock date: accountants too (accounts.manage), who see no other tab but theirs.
  { to: "/admin/settings/accounting", label: "Accounting", icon: BookOpen },
  // The company's data as one ZIP (issue 39): administrators only.
  { to: "/admin/settings/export", label: "Export", icon: Download },
  { to: "/admin/settings/account", label: "My account", icon: UserRound },
];

/** The settings tabs a role may open (each asks for its page's permission in ADMIN_ROUTE_ACCESS). */
export function settingsTabsFor(role: UserRole): SettingsTab[] {
  return TABS.filter((tab) => {
    const permission = viewPermission(tab.to);
    return permission !== null && permission !== "public" && can(role, permission);
  });
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `-mb-px inline-flex items-center gap-2 border-b-2 px-2.5 py-2.5 text-sm font-medium whitespace-nowrap transition sm:px-4 ${
    isActive
      ? "border-brand-600 text-brand-800"
      : "border-transparent text-slate-600 hover:border-slate-300 hover:text-ink-900"
  }`;

/**
 * Settings' sub-navigation: Company, Users, Rate structures, Accounting, Export, My account, only those the role may open. A role
 * with only one (staff have My account alone) sees no tabs: the page's title says where they are; accountants see
 * Accounting and My account.
 */
export function SettingsTabs({ role }: { role: UserRole }) {
  const tabs = settingsTabsFor(role);
  if (tabs.length < 2) return null;
  return (
    // The tabs wrap rather than scroll: on a phone every one is in reach without scrolling the row sideways.
    <nav aria-label="Settings" className="mb-6 border-b border-slate-200">
      <ul className="flex flex-wrap">
        {tabs.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} end className={tabClass} prefetch="intent">
              <Icon aria-hidden className="hidden size-4 shrink-0 sm:block" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import {
  Building2,
  CalendarDays,
  ClipboardList,
  FileText,
  GalleryHorizontalEnd,
  History,
  Images,
  Inbox,
  LayoutDashboard,
  Mail,
  Package,
  Plane,
  Settings,
  Truck,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import { NavLink } from "react-router";
import { isMenuGroup, type MenuEntry, type MenuIcon } from "./menu";

const ICONS: Record<MenuIcon, LucideIcon> = {
  dashboard: LayoutDashboard,
  quotations: FileText,
  inventory: Package,
  events: CalendarDays,
  jobs: Truck,
  gallery: GalleryHorizontalEnd,
  employees: Users,
  tasks: ClipboardList,
  leave: Plane,
  accounts: Wallet,
  logos: Building2,
  hero: Images,
  settings: Settings,
  inbox: Inbox,
  outbox: Mail,
  audit: History,
};

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition ${
    isActive ? "bg-brand-700 text-white" : "text-slate-300 hover:bg-white/10 hover:text-white"
  }`;

/** The side menu: the active link highlighted (aria-current), the Accounts group open when one of its pages is. */
export function AdminNav({ menu, pathname, id }: { menu: MenuEntry[]; pathname: string; id?: string }) {
  return (
    <nav id={id} aria-label="Back office" className="flex-1 overflow-y-auto px-3 pb-6">
      <ul className="space-y-1">
        {menu.map((entry) => {
          if (!isMenuGroup(entry)) {
            const Icon = ICONS[entry.icon];
            return (
              <li key={entry.to}>
                <NavLink to={entry.to} end={entry.to === "/admin"} className={linkClass} prefetch="intent">
                  <Icon aria-hidden className="size-4 shrink-0" />
                  {entry.label}
                </NavLink>
              </li>
            );
          }
          const Icon = ICONS[entry.icon];
          const open = entry.links.some((l) => pathname === l.to || pathname.startsWith(`${l.to}/`));
          return (
            <li key={entry.label}>
              <details open={open} className="group">
                <summary className="flex cursor-pointer list-none items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/10 hover:text-white">
                  <Icon aria-hidden className="size-4 shrink-0" />
                  {entry.label}
                  <span aria-hidden className="ml-auto text-xs transition group-open:rotate-90">
                    ▸
                  </span>
                </summary>
                <ul className="mt-1 space-y-1 border-l border-white/10 pl-3 ml-5">
                  {entry.links.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} end className={linkClass} prefetch="intent">
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

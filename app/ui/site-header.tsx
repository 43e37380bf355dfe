import { Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { primaryButton } from "./buttons";
import { HeaderLogos, type HeaderLogo } from "./header-logos";

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/products", label: "Products" },
  { to: "/events", label: "Events" },
  { to: "/gallery", label: "Gallery" },
  { to: "/contact", label: "Contact" },
] as const;

const SCROLL_THRESHOLD = 50;

/**
 * Fixed header: transparent over the page's dark top, white with a shadow once the page has scrolled more
 * than 50 px. On small screens the links fold into a menu that closes on every route change. The logos
 * (`HeaderLogos`: as uploaded, on a white plate) give way first when room is short: they shrink and the later
 * ones hide below their width, so the links and buttons stay on screen.
 */
export function SiteHeader({ companyName, logos }: { companyName: string; logos: readonly HeaderLogo[] }) {
  const location = useLocation();
  const [scrolled, setScrolled] = useState(false);
  // The menu is open for one location only: navigating anywhere closes it without an effect.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key;

  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  const solid = scrolled || menuOpen;
  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow] duration-300 ${
        solid ? "bg-white shadow-md" : "bg-transparent"
      }`}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:h-20 sm:px-6"
      >
        <Link to="/" className="flex min-w-0 items-center rounded-lg" aria-label={`${companyName}, home`}>
          <HeaderLogos logos={logos} overHero={!solid} />
        </Link>
        <ul className="hidden shrink-0 items-center gap-1 lg:flex">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === "/"}
                className={({ isActive }) =>
                  `rounded-md px-3 py-2 text-sm font-medium transition ${
                    isActive
                      ? solid
                        ? "text-brand-700"
                        : "text-brand-300"
                      : solid
                        ? "text-ink-900 hover:text-brand-700"
                        : "text-white hover:text-brand-200"
                  }`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="flex shrink-0 items-center gap-2">
          {/* A wrapper hides it on phones: the button's own display class would win over "hidden". */}
          <span className="hidden sm:block">
            <Link to="/quotation" className={primaryButton}>
              Request Quotation
            </Link>
          </span>
          <button
            type="button"
            className={`rounded-md p-2 lg:hidden ${solid ? "text-ink-900" : "text-white"}`}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpenAt(menuOpen ? null : location.key)}
          >
            {menuOpen ? <X aria-hidden size={26} /> : <Menu aria-hidden size={26} />}
            <span className="sr-only">{menuOpen ? "Close menu" : "Open menu"}</span>
          </button>
        </div>
      </nav>
      <div id="mobile-menu" hidden={!menuOpen} className="border-t border-slate-200 bg-white lg:hidden">
        <ul className="mx-auto max-w-7xl space-y-1 px-4 py-3 sm:px-6">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === "/"}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2.5 text-base font-medium ${isActive ? "bg-brand-50 text-brand-700" : "text-ink-900 hover:bg-slate-50"}`
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          <li className="pt-2">
            <Link to="/quotation" className={`${primaryButton} w-full`}>
              Request Quotation
            </Link>
          </li>
        </ul>
      </div>
    </header>
  );
}

import { useLocation } from "react-router";
import { SiteLink } from "~/components/site-link";
import { MAIN_NAV, type NavItem } from "~/features/site/navigation";
import { brandLines } from "~/features/settings";
import { Disclosure } from "../../components/disclosure";
import { ChevronDownIcon, CloseIcon, MenuIcon } from "../../components/icons";
import { LogoMark } from "../../components/logo";

/** A link of the main menu, marked as the current section the way React Router's NavLink marks it. */
function NavItemLink({ to, end = false, className, children }: { to: string; end?: boolean; className: (isActive: boolean) => string; children: React.ReactNode }) {
  const isActive = isCurrentSection(useLocation().pathname, to, end);
  return (
    <SiteLink to={to} prefetch="intent" className={className(isActive)} aria-current={isActive ? "page" : undefined}>
      {children}
    </SiteLink>
  );
}

/** Whether `pathname` is `to` or (unless `end`) a page under it. */
function isCurrentSection(pathname: string, to: string, end: boolean): boolean {
  const path = pathname.toLowerCase();
  const section = to.toLowerCase();
  if (path === section) return true;
  if (end || section === "/") return false;
  return path.startsWith(section.endsWith("/") ? section : `${section}/`);
}

const linkClass = (isActive: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-brand-50 hover:text-brand-800 ${
    isActive ? "text-brand-700" : "text-stone-700"
  }`;

function DesktopItem({ item }: { item: NavItem }) {
  if (!item.children) {
    return (
      <li>
        <NavItemLink to={item.to} end={item.to === "/"} className={linkClass}>
          {item.label}
        </NavItemLink>
      </li>
    );
  }
  return (
    <li className="relative flex items-center">
      <NavItemLink to={item.to} className={linkClass}>
        {item.label}
      </NavItemLink>
      <Disclosure
        className="group"
        group="nav"
        summaryLabel={`${item.label} submenu`}
        summaryClassName="-ml-2 flex size-8 items-center justify-center rounded-md text-stone-600 hover:bg-brand-50 hover:text-brand-800"
        summary={<ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />}
      >
        <ul className="absolute left-0 top-full z-50 mt-1 w-56 rounded-lg border border-stone-200 bg-white p-1 shadow-lg">
          {item.children.map((child) => (
            <li key={child.to}>
              <SiteLink to={child.to} className="block rounded-md px-3 py-2 text-sm text-stone-700 hover:bg-brand-50 hover:text-brand-800">
                {child.label}
              </SiteLink>
            </li>
          ))}
        </ul>
      </Disclosure>
    </li>
  );
}

function AccountLink({ signedIn, className }: { signedIn: boolean; className: string }) {
  return signedIn ? (
    <SiteLink to="/admin" className={className}>
      Dashboard
    </SiteLink>
  ) : (
    <SiteLink to="/auth" className={className}>
      Login
    </SiteLink>
  );
}

const accountButtonClass =
  "inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800";

export function SiteHeader({ signedIn, shortName }: { signedIn: boolean; shortName: string }) {
  const [brand, place] = brandLines(shortName);
  return (
    // Stays at the top while the page scrolls only while it is one short bar (sticky-bar, app.css).
    <header className="sticky-bar z-40 border-b border-stone-200 bg-white">
      {/* Large text wraps Menu onto a line of its own under the name, never breaks the name inside a word nor pushes Menu off the screen. */}
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-2 sm:px-6">
        <SiteLink to="/" className="flex min-w-0 items-center gap-2 rounded-md break-words">
          {/* Drawn here with an id: the footer's mark reuses it. */}
          <LogoMark shared className="size-9 shrink-0" />
          <span className="min-w-0 leading-tight">
            <span className="block text-base font-bold text-brand-900">{brand}</span>{" "}
            {place ? <span className="block text-xs text-stone-600">{place}</span> : null}
            <span className="sr-only"> (home)</span>
          </span>
        </SiteLink>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-0.5">
            {MAIN_NAV.map((item) => (
              <DesktopItem key={item.to} item={item} />
            ))}
          </ul>
        </nav>

        <div className="hidden lg:block">
          <AccountLink signedIn={signedIn} className={accountButtonClass} />
        </div>

        <Disclosure
          className="group shrink-0 lg:hidden"
          summaryLabel="Menu"
          summaryClassName="flex h-11 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm font-semibold text-stone-800 hover:bg-stone-100"
          summary={
            <>
              <MenuIcon className="size-6 group-open:hidden" />
              <CloseIcon className="hidden size-6 group-open:block" />
              Menu
            </>
          }
        >
          <nav aria-label="Main (mobile)" className="absolute inset-x-0 top-full max-h-[calc(100dvh-100%)] overflow-y-auto border-b border-stone-200 bg-white px-4 pb-6 pt-2 shadow-lg">
            <ul className="space-y-1">
              {MAIN_NAV.map((item) => (
                <li key={item.to}>
                  <NavItemLink to={item.to} end={item.to === "/"} className={(isActive) => `block rounded-md px-3 py-3 text-base font-medium ${isActive ? "bg-brand-50 text-brand-800" : "text-stone-800"}`}>
                    {item.label}
                  </NavItemLink>
                  {item.children ? (
                    <ul className="ml-4 border-l border-stone-200 pl-2">
                      {item.children.map((child) => (
                        <li key={child.to}>
                          <SiteLink to={child.to} className="block rounded-md px-3 py-2.5 text-sm text-stone-700">
                            {child.label}
                          </SiteLink>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
            <AccountLink signedIn={signedIn} className={`${accountButtonClass} mt-4 w-full py-3 text-base`} />
          </nav>
        </Disclosure>
      </div>
    </header>
  );
}

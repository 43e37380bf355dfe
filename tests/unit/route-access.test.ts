import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import {
  ADMIN_ROUTE_ACCESS,
  actionGate,
  intentPermission,
  type AdminPath,
  type RouteAccess,
} from "../../app/domain/auth/permissions";

// The permission matrix is the one place a back-office route's access is written (issue 19, "Permissions
// once"). This reads app/routes.ts and each /admin route module's source, without a server, and checks that
// every route asks the matrix for its own entry: its loader through requireView(args, "<its path>"), its action
// through requireAction(args, "<its path>"), and every form intent it handles is one the matrix lists.
// tests/e2e/access.spec.ts then requests each route as each role against the same table.

interface AdminRoute {
  path: string;
  file: string;
}

function flatten(entries: RouteConfigEntry[], prefix = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    const full = entry.path ? `${prefix}/${entry.path}` : prefix;
    const own = entry.path !== undefined || entry.index ? [{ path: full || "/", file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], full)];
  });
}

const adminRoutes = flatten(routes).filter((r) => r.path === "/admin" || r.path.startsWith("/admin/"));
const sourceOf = (file: string) => readFileSync(path.resolve("app", file), "utf8");
const pathsOfFile = (file: string) => adminRoutes.filter((r) => r.file === file).map((r) => r.path);
const accessOf = (p: string) => ADMIN_ROUTE_ACCESS[p as AdminPath] as RouteAccess;

/** The source of one exported function (up to the next top-level export), or null. */
function exported(source: string, name: "loader" | "action"): string | null {
  const start = source.search(new RegExp(`export (async )?function ${name}\\b`));
  if (start < 0) return null;
  const next = source.slice(start + 1).search(/\nexport /);
  return next < 0 ? source.slice(start) : source.slice(start, start + 1 + next);
}

describe("the back office's routes and the permission matrix", () => {
  it("every /admin route of app/routes.ts has an entry, and the matrix names no other path", () => {
    const paths = adminRoutes.map((r) => r.path);
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((p) => !(p in ADMIN_ROUTE_ACCESS))).toEqual([]);
    expect(Object.keys(ADMIN_ROUTE_ACCESS).filter((p) => !paths.includes(p))).toEqual([]);
  });

  it("no route module asks for a permission by name: each asks the matrix for its own path", () => {
    const offenders = [...new Set(adminRoutes.map((r) => r.file))].filter((file) =>
      /\brequirePermission\s*\(/.test(sourceOf(file)),
    );
    expect(offenders).toEqual([]);
  });

  it.each(adminRoutes.filter((r) => accessOf(r.path).view !== "public"))(
    "$path: its loader asks requireView for its own entry",
    ({ path: routePath, file }) => {
      const loader = exported(sourceOf(file), "loader");
      if (accessOf(routePath).view === null) {
        // No page (sign-out): the loader only redirects, reading nothing.
        expect(loader ?? "").not.toMatch(/getDb\(/);
        return;
      }
      expect(loader, `${file} has no loader`).not.toBeNull();
      const literals = [...loader!.matchAll(/requireView\(args, "([^"]+)"\)/g)].map((m) => m[1]);
      if (pathsOfFile(file).length > 1) {
        // One module for several paths (the coming-soon page, the upload endpoints): the path comes from the
        // request, and must be looked up in the matrix, never written as a permission.
        expect(loader).toMatch(/requireView\(args, [^"]/);
      } else expect(literals).toEqual([routePath]);
    },
  );

  it.each(adminRoutes.filter((r) => accessOf(r.path).action !== "public"))(
    "$path: an action exists exactly when the matrix gives one, and asks requireAction for its own entry",
    ({ path: routePath, file }) => {
      const action = exported(sourceOf(file), "action");
      const gate = actionGate(routePath as AdminPath);
      expect(action !== null, `${file}: action exported = ${action !== null}, matrix action = ${gate}`).toBe(
        gate !== null,
      );
      if (!action) return;
      if (pathsOfFile(file).length > 1) expect(action).toMatch(/requireAction\(args, [^"]/);
      else expect([...action.matchAll(/requireAction\(args, "([^"]+)"\)/g)].map((m) => m[1])).toEqual([routePath]);
    },
  );

  it.each(adminRoutes.filter((r) => typeof accessOf(r.path).action === "object"))(
    "$path: every intent its action handles is in the matrix, and the action reads it through the matrix",
    ({ path: routePath, file }) => {
      const action = exported(sourceOf(file), "action")!;
      expect(action).toMatch(/intentOf\(form\)|\.intent\(form\)/);
      expect(action).not.toMatch(/form\.get\("intent"\)/);
      const handled = new Set(
        [...action.matchAll(/intent === "([\w-]+)"|case "([\w-]+)":/g)].map((m) => (m[1] ?? m[2])!),
      );
      const unknown = [...handled].filter((i) => intentPermission(routePath as AdminPath, i) === undefined);
      expect(unknown).toEqual([]);
    },
  );
});

describe("intentPermission and actionGate", () => {
  it("give an intent's own permission, refuse an unlisted one, and gate on any of the action's permissions", () => {
    expect(intentPermission("/admin/employees", "give-signin")).toBe("users.manage");
    expect(intentPermission("/admin/employees", "create")).toBe("employees.manage");
    expect(intentPermission("/admin/employees", "toString")).toBeUndefined();
    expect(intentPermission("/admin/employees", "drop")).toBeUndefined();
    expect(intentPermission("/admin/settings", "anything")).toBe("settings.manage");
    expect(intentPermission("/admin/audit", "anything")).toBeUndefined();
    expect(actionGate("/admin/employees")).toEqual(["employees.manage", "users.manage"]);
    expect(actionGate("/admin/audit")).toBeNull();
    expect(actionGate("/admin/logout")).toBe("signed-in");
  });
});

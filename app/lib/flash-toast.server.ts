import { createCookie, redirect } from "react-router";
import { getEnv } from "./env.server";
import { isSitePath, type Toast } from "./toast";

// A toast that must outlive a redirect (sign-in's Welcome back, admin!): kept in a short cookie that the next
// page's loader reads once and the layout's middleware clears.

const cookie = () =>
  createCookie("flash_toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secure: getEnv().publicUrl.startsWith("https:"),
  });

export async function redirectWithToast(to: string, toast: Toast, init: { headers?: string[] } = {}) {
  const headers = new Headers();
  for (const c of init.headers ?? []) headers.append("Set-Cookie", c);
  headers.append("Set-Cookie", await cookie().serialize(JSON.stringify(toast)));
  return redirect(to, { headers });
}

/** The waiting toast, if any, and the header that clears it. */
export async function takeFlashToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("flash_toast=")) return { toast: null, clear: null };
  const c = cookie();
  let toast: Toast | null = null;
  try {
    const value: unknown = JSON.parse(String(await c.parse(header)));
    if (value && typeof value === "object" && "message" in value && typeof value.message === "string") {
      toast = { type: (value as Toast).type === "error" ? "error" : "success", message: value.message.slice(0, 300) };
      // The cookie is ours (httpOnly) but read as untrusted: a link only to a path of this site.
      const link = (value as Toast).link;
      if (link && typeof link.href === "string" && typeof link.label === "string" && isSitePath(link.href))
        toast.link = { href: link.href.slice(0, 300), label: link.label.slice(0, 80) };
    }
  } catch {
    toast = null;
  }
  return { toast, clear: await c.serialize("", { maxAge: 0 }) };
}

// A person's browser reduced to what the fuzz of every action needs (issue 38): one session's cookies, our own
// Origin on every post, redirects not followed (a 303 is the answer being checked). Node's fetch straight to the
// server: thousands of requests, no browser in between.

export interface SiteAnswer {
  status: number;
  /** Where a redirect points ("" for none), as a path when it stays on the site. */
  location: string;
  contentType: string;
  /** The body as text for HTML, JSON, CSV and plain text; "" for anything else (a PDF, an image), read and dropped. */
  body: string;
}

export type FormBody = URLSearchParams | FormData;

const TEXT_TYPES = /^(text\/|application\/json)/;

export class SiteClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    /** Who this is, in a failure's report: "admin", "anonymous". */
    readonly label: string,
  ) {}

  async get(path: string): Promise<SiteAnswer> {
    return this.send(path, { method: "GET" });
  }

  async post(path: string, body: FormBody): Promise<SiteAnswer> {
    return this.send(path, { method: "POST", body });
  }

  /**
   * Posts as a browser with scripts does: React Router's data request (`<path>.data`), which runs the action alone,
   * neither the page's loaders nor its rendering. Its redirect, sent as 202 with the target in the body, is
   * answered here as the redirect itself (status and location), so the answer reads as the document post's would.
   */
  async postData(path: string, body: FormBody): Promise<SiteAnswer> {
    const url = new URL(path, this.base);
    const answer = await this.post(`${url.pathname === "/" ? "/_" : url.pathname}.data${url.search}`, body);
    const redirect = answer.status === 202 ? /"redirect","([^"]*)","status",(\d+)/.exec(answer.body) : null;
    return redirect ? { ...answer, status: Number(redirect[2]), location: redirect[1]! } : answer;
  }

  /** Signs in through the sign-in form of the back office or the portal; throws if it was refused. */
  async signIn(audience: "admin" | "customer", email: string, password: string): Promise<void> {
    const answer = await this.post(`/${audience}/login`, new URLSearchParams({ email, password }));
    if (answer.status !== 302 && answer.status !== 303)
      throw new Error(`${this.label} could not sign in (${answer.status}): ${answer.body.slice(0, 300)}`);
  }

  private async send(path: string, init: { method: string; body?: FormBody }): Promise<SiteAnswer> {
    const url = new URL(path, this.base);
    const headers: Record<string, string> = { "user-agent": "fuzz-every-action", accept: "text/html,*/*" };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (init.method === "POST") headers.origin = new URL(this.base).origin;
    const response = await fetch(url, { method: init.method, body: init.body, headers, redirect: "manual" });
    this.keepCookies(response);
    const contentType = response.headers.get("content-type") ?? "";
    let body = "";
    if (TEXT_TYPES.test(contentType)) body = await response.text();
    else await response.arrayBuffer();
    const raw = response.headers.get("location") ?? "";
    const target = raw ? new URL(raw, url) : null;
    const location = target && target.origin === url.origin ? target.pathname + target.search : raw;
    return { status: response.status, location, contentType, body };
  }

  private keepCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const at = pair.indexOf("=");
      if (at < 1) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => {
        const [key = "", v = ""] = a.trim().split("=");
        if (key.toLowerCase() === "max-age") return Number(v) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(v) <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

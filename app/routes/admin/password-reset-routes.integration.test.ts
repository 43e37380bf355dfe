import { and, desc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { seedDatabase } from "~/db/seed/seed.server";
import { emailOutbox, rateLimitCounters } from "~/db/schema";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { privatePageMiddleware, secretLinkPageMiddleware } from "~/domain/auth/guard.server";
import { ForgotPasswordPage } from "~/ui/auth/forgot-password-page";
import { PASSWORD_RESET_MESSAGES } from "~/domain/auth/password-reset";
import { getEnv, setEnv } from "~/lib/env.server";
import { ANONYMOUS, answerOf, callRoute, signIn, signedInUser } from "../../../tests/support/signed-in-request";
import * as adminForgot from "./forgot-password";
import * as adminReset from "./reset-password";
import * as customerForgot from "../customer/forgot-password";
import * as customerReset from "../customer/reset-password";

// The four public pages of a forgotten password (issue 20), as the router calls them: the answers' statuses,
// redirects and Retry-After. The use cases' rules are proven in domain/auth/password-reset.server.integration.test.ts.

const PAGES = {
  staff: { forgot: adminForgot, reset: adminReset, prefix: "/admin" },
  // The same module shape as the back office's (their route types differ only by path).
  customer: {
    forgot: customerForgot as unknown as typeof adminForgot,
    reset: customerReset as unknown as typeof adminReset,
    prefix: "/customer",
  },
} as const;

type Refusal = { errors: Record<string, string>; formError: string | null; values?: { email: string } };

/** The link e-mailed to `email`, once it is in the outbox (the e-mail is made after the page has answered). */
async function linkFor(email: string) {
  const mails = () =>
    getDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "user.password_reset")))
      .orderBy(desc(emailOutbox.createdAt));
  await expect.poll(async () => (await mails()).length).toBe(1);
  const [mail] = await mails();
  const url = new URL(/https?:\/\/\S+reset-password\?token=\S+/.exec(mail!.textBody)![0]);
  return { path: url.pathname, search: url.search, token: url.searchParams.get("token")! };
}

/** The forgot page as a person sees it, with or without e-mail set up. */
const ForgotPage = ({ emailSetUp, sent = false }: { emailSetUp: boolean; sent?: boolean }) =>
  createElement(ForgotPasswordPage, {
    signInHref: "/admin/login",
    forgotHref: "/admin/forgot-password",
    sent,
    emailSetUp,
    result: undefined,
  });
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

beforeAll(async () => {
  await seedDatabase(getDb());
});

beforeEach(async () => {
  await getDb().delete(rateLimitCounters);
});

describe.each(["staff", "customer"] as const)("the %s pages", (audience) => {
  const { forgot, reset, prefix } = PAGES[audience];

  it("are outside the guarded layout, private, and refuse cross-site posts", () => {
    expect(forgot.middleware).toEqual([privatePageMiddleware]);
    expect(reset.middleware).toEqual([secretLinkPageMiddleware]);
  });

  it("send the reset page, whose URL holds the token, with Referrer-Policy same-origin and no-store", async () => {
    const request = new Request(`http://localhost${prefix}/reset-password?token=abc`);
    const [middleware] = reset.middleware;
    const response = (await middleware!(
      { request, params: {}, context: undefined as never, unstable_pattern: "", pattern: "" } as never,
      async () => new Response("page"),
    )) as Response;
    expect(response.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
  });

  it("say on the forgot page that no link can reach anyone while e-mail is not set up, and not once it is", async () => {
    const original = getEnv();
    const render = (emailSetUp: boolean, sent = false) => {
      const Stub = createRoutesStub([{ path: "/", Component: () => ForgotPage({ emailSetUp, sent }) }]);
      return renderToString(createElement(Stub));
    };
    try {
      setEnv({ ...original, smtpUrl: undefined });
      const without = await callRoute(forgot.loader, `${prefix}/forgot-password`, { as: ANONYMOUS });
      expect(without).toEqual({ sent: false, emailSetUp: false });
      expect(render(without.emailSetUp)).toContain(escapeHtml(PASSWORD_RESET_MESSAGES.emailNotSetUp));
      // Once asked, it claims no e-mail is on its way: it says only that none can be sent.
      const asked = render(false, true);
      expect(asked).toContain(escapeHtml(PASSWORD_RESET_MESSAGES.emailNotSetUp));
      expect(asked).not.toContain("is on its way");
      setEnv({ ...original, smtpUrl: "smtp://mail.example.com:587" });
      const withSmtp = await callRoute(forgot.loader, `${prefix}/forgot-password?sent`, { as: ANONYMOUS });
      expect(withSmtp).toEqual({ sent: true, emailSetUp: true });
      expect(render(withSmtp.emailSetUp)).not.toContain("E-mail is not set up");
      expect(render(true, true)).toContain(escapeHtml(PASSWORD_RESET_MESSAGES.requested));
    } finally {
      setEnv(original);
    }
  });

  it("ask, e-mail the link, open it, set the password and go to the sign-in page that says so", async () => {
    const user = await signedInUser(audience === "staff" ? "accountant" : "customer");
    expect(await callRoute(forgot.loader, `${prefix}/forgot-password`, { as: ANONYMOUS })).toMatchObject({
      sent: false,
    });

    const asked = answerOf(
      await callRoute(forgot.action, `${prefix}/forgot-password`, { as: ANONYMOUS, form: { email: user.email } }),
    );
    expect(asked.status).toBe(302);
    expect(asked.headers?.get("location")).toBe(`${prefix}/forgot-password?sent`);
    expect(await callRoute(forgot.loader, `${prefix}/forgot-password?sent`, { as: ANONYMOUS })).toMatchObject({
      sent: true,
    });

    const link = await linkFor(user.email);
    expect(link.path).toBe(`${prefix}/reset-password`);
    expect(await callRoute(reset.loader, link.path + link.search, { as: ANONYMOUS })).toEqual({
      link: { state: "usable", token: link.token, email: user.email },
    });

    const weak = answerOf<Refusal>(
      await callRoute(reset.action, link.path, {
        as: ANONYMOUS,
        form: { token: link.token, newPassword: "password123", confirmPassword: "password123" },
      }),
    );
    expect(weak.status).toBe(400);
    expect(weak.body.errors.newPassword).toMatch(/^New password is too easy to guess\./);
    expect(JSON.stringify(weak.body)).not.toContain("password123");

    const done = answerOf(
      await callRoute(reset.action, link.path, {
        as: ANONYMOUS,
        form: { token: link.token, newPassword: "saffron-lantern-91", confirmPassword: "saffron-lantern-91" },
      }),
    );
    expect(done.status).toBe(302);
    expect(done.headers?.get("location")).toBe(`${prefix}/login?reset=done`);
    await expect(signIn(user.email, "saffron-lantern-91", audience)).resolves.toMatch(/better-auth/);

    // Used: the page now says so, and offers a new link.
    expect(await callRoute(reset.loader, link.path + link.search, { as: ANONYMOUS })).toEqual({
      link: { state: "invalid" },
    });
    const again = answerOf<Refusal>(
      await callRoute(reset.action, link.path, {
        as: ANONYMOUS,
        form: { token: link.token, newPassword: "saffron-lantern-92", confirmPassword: "saffron-lantern-92" },
      }),
    );
    expect(again).toMatchObject({ status: 400, body: { formError: PASSWORD_RESET_MESSAGES.linkInvalid } });
  });

  it("names the e-mail field, keeping what was typed, and answers 429 with Retry-After past the limit", async () => {
    const wrong = answerOf<Refusal>(
      await callRoute(forgot.action, `${prefix}/forgot-password`, { as: ANONYMOUS, form: { email: "nobody at all" } }),
    );
    expect(wrong).toMatchObject({
      status: 400,
      body: { errors: { email: "Invalid email address" }, values: { email: "nobody at all" } },
    });
    for (let i = 0; i < getEnv().signInRateLimit.max; i++)
      await callRoute(forgot.action, `${prefix}/forgot-password`, {
        as: ANONYMOUS,
        form: { email: `x${i}@example.com` },
      });
    const limited = answerOf<Refusal>(
      await callRoute(forgot.action, `${prefix}/forgot-password`, { as: ANONYMOUS, form: { email: "y@example.com" } }),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers?.get("Retry-After")).toMatch(/^\d+$/);
    expect(limited.body.formError).toMatch(/^Too many reset requests from this address\./);
    // The page's answer and its data request carry it (the routes' headers).
    const headers = new Headers(
      forgot.headers({
        actionHeaders: limited.headers!,
        parentHeaders: new Headers(),
        loaderHeaders: new Headers(),
        errorHeaders: undefined,
      }),
    );
    expect(headers.get("Retry-After")).toBe(limited.headers?.get("Retry-After"));
  });

  it("shows no form for a link without a token or with an unknown one", async () => {
    for (const search of ["", "?token=", "?token=AbCdEfGhIjKlMnOpQrStUvWx"])
      expect(await callRoute(reset.loader, `${prefix}/reset-password${search}`, { as: ANONYMOUS })).toEqual({
        link: { state: "invalid" },
      });
  });
});

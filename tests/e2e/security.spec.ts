import { expect, test } from "@playwright/test";
import { removeDataDir, startServer, stopServer, withStoppedDatabase } from "./support/isolated-server";

// DESIGN §8: state changes only on POST, with the Origin checked.
test("a form post from another site is refused and stores nothing", async () => {
  test.setTimeout(90_000);
  const server = await startServer();
  try {
    const form = { name: "Mallory", email: "m@evil.example", subject: "Hi", message: "Cross-site" };
    const post = (origin: string) =>
      fetch(`${server.url}/contact`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      });
    const foreign = await post("https://evil.example");
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).not.toContain("Message Sent!");
    const own = await post(server.url);
    expect(own.status).toBe(200);
    expect(await stopServer(server)).toBe(0);
    const rows = await withStoppedDatabase(server.dataDir, (db) =>
      db.query<{ email: string }>("select email from contact_messages"),
    );
    expect(rows.rows.map((r) => r.email)).toEqual(["m@evil.example"]);
  } finally {
    await stopServer(server);
    removeDataDir(server.dataDir);
  }
});

test("a GET never changes anything: the contact page does not accept a message by query string", async ({
  request,
}) => {
  const response = await request.get("/contact?name=A&email=a@b.co&subject=S&message=M");
  expect(response.status()).toBe(200);
  expect(await response.text()).not.toContain("Message Sent!");
});

test("another site cannot sign staff out, and each refused cross-site post is one warning line", async () => {
  test.setTimeout(120_000);
  const admin = { email: "owner@cross-site.test", password: "owner-cross-site-password" };
  const server = await startServer({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  try {
    const form = (fields: Record<string, string>) => new URLSearchParams(fields);
    const signedIn = await fetch(`${server.url}/admin/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: form(admin),
    });
    expect(signedIn.status).toBe(302);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const logout = (headers: Record<string, string>) =>
      fetch(`${server.url}/admin/logout`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, ...headers },
      });
    expect((await logout({ Origin: "https://evil.example" })).status).toBe(403);
    expect((await logout({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    const customerLogout = await fetch(`${server.url}/customer/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://evil.example" },
    });
    expect(customerLogout.status).toBe(403);
    // React Router refuses a foreign post to a page before our middleware: logged alike.
    const contact = await fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: form({ name: "Mallory", email: "m@evil.example", subject: "Hi", message: "Cross-site" }),
    });
    expect(contact.status).toBe(400);
    // Still signed in.
    const dashboard = await fetch(`${server.url}/admin`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(dashboard.status).toBe(200);

    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.includes("cross-site request refused"));
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ level: 40 });
    expect(server.output()).not.toMatch(/"stack"|"level":50/);
  } finally {
    await stopServer(server);
    removeDataDir(server.dataDir);
  }
});

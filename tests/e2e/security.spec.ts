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

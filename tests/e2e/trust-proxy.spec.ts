import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { expect, test } from "@playwright/test";
import { removeDataDir, startServer, stopServer, withStoppedDatabase } from "./support/isolated-server";

// TRUST_PROXY through the real production server (build/server.js) behind a load balancer written here: it
// terminates "TLS" (tells the server X-Forwarded-Proto: https), keeps the visitor's Host, names it again in
// X-Forwarded-Host, and appends the visitor's address to X-Forwarded-For. A real load balancer runs on
// another machine: this one connects to the server from this machine's network address, not from loopback.

const SITE = "rentals.example.test";
const VISITOR_A = "203.0.113.10";
const VISITOR_B = "198.51.100.20";
/** Test-only: which visitor a request plays; the load balancer takes it off and forwards the address. */
const VISITOR_HEADER = "x-test-visitor";

/** An address of this machine that is not loopback, so the server sees the load balancer as a remote hop. */
function networkAddress(): string | undefined {
  const all = Object.values(os.networkInterfaces()).flatMap((list) => list ?? []);
  return all.find((a) => !a.internal && a.family === "IPv4")?.address;
}

interface LoadBalancer {
  url: string;
  close(): Promise<void>;
}

async function startLoadBalancer(serverUrl: string, localAddress: string | undefined): Promise<LoadBalancer> {
  const target = new URL(serverUrl);
  const proxy = http.createServer((req, res) => {
    const visitor = String(req.headers[VISITOR_HEADER] ?? req.socket.remoteAddress);
    const headers = { ...req.headers };
    delete headers[VISITOR_HEADER];
    const forwardedFor = req.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = forwardedFor ? `${String(forwardedFor)}, ${visitor}` : visitor;
    headers["x-forwarded-proto"] = "https";
    headers["x-forwarded-host"] = req.headers.host;
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, localAddress },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections();
        proxy.close(() => resolve());
      }),
  };
}

let sent = 0;

/** A visitor's browser posting the contact form (without JavaScript) to https://SITE through the balancer. */
function postContact(
  balancer: LoadBalancer,
  visitor: string,
  { origin = `https://${SITE}`, extraHeaders = {} }: { origin?: string; extraHeaders?: Record<string, string> } = {},
): Promise<{ status: number; body: string; email: string }> {
  const email = `visitor${++sent}@example.com`;
  const body = new URLSearchParams({
    name: "Farhana Akter",
    email,
    subject: "Sound system for a conference",
    message: "Line array and four wireless microphones for 400 people.",
    website: "",
  }).toString();
  const url = new URL(balancer.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: "POST",
        path: "/contact",
        headers: {
          Host: SITE,
          Origin: origin,
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          [VISITOR_HEADER]: visitor,
          ...extraHeaders,
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, email }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

async function storedMessages(dataDir: string): Promise<{ email: string; ip_address: string | null }[]> {
  return withStoppedDatabase(dataDir, async (db) => {
    const result = await db.query<{ email: string; ip_address: string | null }>(
      "select email, ip_address from contact_messages order by created_at, email",
    );
    return result.rows;
  });
}

const lanAddress = networkAddress();

test.beforeEach(() => {
  test.skip(!lanAddress && !process.env.CI, "this machine has no network address besides loopback");
  expect(lanAddress, "a network address besides loopback").toBeDefined();
});

test("with TRUST_PROXY=1, forms posted through a load balancer are accepted and each visitor is counted apart", async () => {
  test.setTimeout(120_000);
  const server = await startServer({ TRUST_PROXY: "1", FORM_RATE_LIMIT: "2/600", PUBLIC_URL: `https://${SITE}` });
  const balancer = await startLoadBalancer(server.url, lanAddress);
  try {
    // The Origin is the https site the visitor sees, so the action's Origin check must see https and SITE.
    const a1 = await postContact(balancer, VISITOR_A);
    expect(a1.status).toBe(200);
    expect(a1.body).toContain("Message Sent!");
    const a2 = await postContact(balancer, VISITOR_A);
    expect(a2.status).toBe(200);
    const a3 = await postContact(balancer, VISITOR_A);
    expect(a3.status).toBe(429);
    // A visitor cannot escape the limit by naming another address: only the balancer's last hop is believed.
    const spoofed = await postContact(balancer, VISITOR_A, { extraHeaders: { "X-Forwarded-For": "192.0.2.99" } });
    expect(spoofed.status).toBe(429);
    // Another visitor has a bucket of their own.
    const b1 = await postContact(balancer, VISITOR_B);
    expect(b1.status).toBe(200);
    expect(b1.body).toContain("Message Sent!");

    expect(await stopServer(server)).toBe(0);
    expect(await storedMessages(server.dataDir)).toEqual([
      { email: a1.email, ip_address: VISITOR_A },
      { email: a2.email, ip_address: VISITOR_A },
      { email: b1.email, ip_address: VISITOR_B },
    ]);
  } finally {
    await balancer.close();
    await stopServer(server);
    removeDataDir(server.dataDir);
  }
});

test("by default a proxy on this machine is believed and forwarded headers from any other hop are not", async () => {
  test.setTimeout(120_000);
  const server = await startServer({ FORM_RATE_LIMIT: "2/600" });
  const remote = await startLoadBalancer(server.url, lanAddress);
  const local = await startLoadBalancer(server.url, undefined);
  try {
    // From a hop that is not loopback, X-Forwarded-Proto is ignored: the server is reached over http, so an
    // https Origin is another site's and the post is refused.
    const refused = await postContact(remote, VISITOR_A);
    expect(refused.status).toBe(400);
    expect(refused.body).not.toContain("Message Sent!");
    // X-Forwarded-For is ignored too: every visitor behind that hop shares the hop's own bucket.
    const httpOrigin = { origin: `http://${SITE}` };
    const a1 = await postContact(remote, VISITOR_A, httpOrigin);
    expect(a1.status).toBe(200);
    const b1 = await postContact(remote, VISITOR_B, httpOrigin);
    expect(b1.status).toBe(200);
    const b2 = await postContact(remote, VISITOR_B, httpOrigin);
    expect(b2.status).toBe(429);

    // A reverse proxy on the same machine (nginx in front of the server) is believed without configuration.
    const viaLocal = await postContact(local, VISITOR_A);
    expect(viaLocal.status).toBe(200);
    expect(viaLocal.body).toContain("Message Sent!");

    expect(await stopServer(server)).toBe(0);
    expect(await storedMessages(server.dataDir)).toEqual([
      { email: a1.email, ip_address: lanAddress },
      { email: b1.email, ip_address: lanAddress },
      { email: viaLocal.email, ip_address: VISITOR_A },
    ]);
  } finally {
    await Promise.all([remote.close(), local.close()]);
    await stopServer(server);
    removeDataDir(server.dataDir);
  }
});

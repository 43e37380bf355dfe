import net from "node:net";

export const HUGE_BODY_BYTES = 100 * 1024 * 1024;

/**
 * Starts a POST of 100 MB to `pathname` (announced by Content-Length, or chunked) and resolves with the status
 * line the server answers with, how long that took and how many body bytes had gone out by then. The rest of
 * the body is not sent once the answer is in.
 */
export function postHugeBody(
  baseUrl: string,
  pathname: string,
  chunked: boolean,
): Promise<{ status: number; ms: number; sentBytes: number }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let started = 0;
    let sentBytes = 0;
    let reply = "";
    const chunk = Buffer.alloc(64 * 1024, "a");
    socket.on("connect", () => {
      started = performance.now();
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${baseUrl}\r\n` +
          "Content-Type: application/x-www-form-urlencoded\r\n" +
          (chunked ? "Transfer-Encoding: chunked\r\n\r\n" : `Content-Length: ${HUGE_BODY_BYTES}\r\n\r\n`),
      );
      // Gives the answer a chance to be read after each megabyte, as a client reading its socket would. Written in
      // one go while the server keeps reading, the body could pass what the server drops after answering before this
      // side read the answer, and the reset that follows discards an answer not yet read (ECONNRESET, no status).
      const pump = () => {
        let batch = 0;
        while (sentBytes < HUGE_BODY_BYTES && !socket.destroyed) {
          sentBytes += chunk.length;
          const piece = chunked
            ? Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")])
            : chunk;
          if (!socket.write(piece)) return void socket.once("drain", pump);
          batch += piece.length;
          if (batch >= 1024 * 1024) return void setImmediate(pump);
        }
      };
      pump();
    });
    socket.on("data", (data) => {
      reply += data.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(reply);
      if (status) {
        resolve({ status: Number(status[1]), ms: performance.now() - started, sentBytes });
        socket.destroy();
      }
    });
    socket.on("error", (error) => {
      if (!reply) reject(error);
    });
  });
}

/**
 * Starts a POST to `pathname` announcing `bytes` of body (Content-Length), sends at most `send` of them and waits
 * for the answer: its status (0 if none came within `timeoutMs`), how long it took and how many body bytes had
 * gone out. A server that reads the body before answering never answers a post whose body stops short.
 */
export function postAnnounced(
  baseUrl: string,
  pathname: string,
  options: { bytes: number; send: number; cookie?: string; contentType?: string; timeoutMs?: number },
): Promise<{ status: number; ms: number; sentBytes: number }> {
  const { hostname, port } = new URL(baseUrl);
  const { bytes, send, cookie, contentType = "multipart/form-data; boundary=x", timeoutMs = 10_000 } = options;
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let started = 0;
    let sentBytes = 0;
    let reply = "";
    const chunk = Buffer.alloc(64 * 1024, "a");
    const timer = setTimeout(() => {
      resolve({ status: 0, ms: performance.now() - started, sentBytes });
      socket.destroy();
    }, timeoutMs);
    socket.on("connect", () => {
      started = performance.now();
      socket.write(
        `POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${baseUrl}\r\n` +
          (cookie ? `Cookie: ${cookie}\r\n` : "") +
          `Content-Type: ${contentType}\r\nContent-Length: ${bytes}\r\n\r\n`,
      );
      const pump = () => {
        while (sentBytes < Math.min(send, bytes) && !socket.destroyed) {
          const piece = chunk.subarray(0, Math.min(chunk.length, Math.min(send, bytes) - sentBytes));
          sentBytes += piece.length;
          if (!socket.write(piece)) return void socket.once("drain", pump);
        }
      };
      pump();
    });
    socket.on("data", (data) => {
      reply += data.toString("latin1");
      const status = /^HTTP\/1\.1 (\d{3})/.exec(reply);
      if (status) {
        clearTimeout(timer);
        resolve({ status: Number(status[1]), ms: performance.now() - started, sentBytes });
        socket.destroy();
      }
    });
    socket.on("error", (error) => {
      clearTimeout(timer);
      if (!reply) reject(error);
    });
  });
}

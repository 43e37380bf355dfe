import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { createLogger, errWithoutQueryValues, getLogger } from "./logger.server";

// Issue 38, finding 6: a failed query's error logged its parameters (amounts, names). The statement is logged, its
// values are not, in the error and in its causes.
describe("errWithoutQueryValues", () => {
  const failed = new DrizzleQueryError(
    'insert into "customer_payments" ("amount", "reference") values ($1, $2)',
    ["999999999999.99", "Tanvir Rahman's cheque"],
    new Error("numeric field overflow"),
  );

  it("keeps the statement and the cause, drops the values", () => {
    const logged = JSON.stringify(errWithoutQueryValues(failed));
    expect(logged).toContain('insert into \\"customer_payments\\"');
    expect(logged).toContain("numeric field overflow");
    expect(logged).toContain("[not logged]");
    expect(logged).not.toContain("999999999999.99");
    expect(logged).not.toContain("Tanvir");
  });

  it("is the err serializer of a logger line, a wrapped failure too", () => {
    let line = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        line += chunk.toString();
        done();
      },
    });
    const logger = pino({ serializers: { err: errWithoutQueryValues } }, sink);
    logger.error({ err: new Error("request failed", { cause: failed }) }, "request failed");
    expect(line).toContain("Failed query: insert into");
    expect(line).not.toContain("999999999999.99");
  });

  it("is the serializer of the server's logger and of the default one", () => {
    const serializersOf = (logger: pino.Logger) =>
      (logger as unknown as Record<symbol, Record<string, unknown>>)[pino.symbols.serializersSym]!;
    expect(serializersOf(createLogger({ logLevel: "info" })).err).toBe(errWithoutQueryValues);
    expect(serializersOf(getLogger()).err).toBe(errWithoutQueryValues);
  });
});

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Config } from "~/lib/env.server";

// A real S3-compatible server (s3rver) on 127.0.0.1, on a port the system picks, keeping its objects in a
// temporary folder. It accepts any credentials and serves objects to anonymous GETs, like a public bucket.

export interface TestS3 {
  config: S3Config;
  /** Every key in the bucket, sorted. */
  listKeys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3(bucket = "media"): Promise<TestS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "test-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    publicUrl: undefined,
  };
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    forcePathStyle: true,
  });
  return {
    config,
    async listKeys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

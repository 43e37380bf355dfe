import type * as S3Sdk from "@aws-sdk/client-s3";
import type { S3Config } from "../env.server";
import { assertStorageKey, isValidStorageKey, MEDIA_CACHE_CONTROL, type Storage } from "./storage";

// Any S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean Spaces, Backblaze B2...). Browsers fetch
// the objects from the bucket's public address (S3_PUBLIC_URL, or the path-style address), not through this
// server, so the bucket (or the CDN in front of it) must allow public reads of these keys.

type Sdk = typeof S3Sdk;

export function createS3Storage(config: S3Config): Storage {
  // The SDK is loaded on first use (a quarter of a second at start-up), not by every server that imports this.
  let connected: Promise<{ sdk: Sdk; client: S3Sdk.S3Client }> | undefined;
  const connect = () =>
    (connected ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        endpoint: config.endpoint,
        region: config.region,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // Path-style addresses (endpoint/bucket/key) work with every S3-compatible service; virtual hosts need DNS.
        forcePathStyle: true,
        // Checksums only where S3 demands them: several S3-compatible services refuse the SDK's default ones.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));
  const publicBase = config.publicUrl ?? `${config.endpoint}/${config.bucket}`;

  return {
    async put(key, body, contentType) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },

    async get(key) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!object.Body) return null;
        return {
          body: Buffer.from(await object.Body.transformToByteArray()),
          contentType: object.ContentType ?? "application/octet-stream",
        };
      } catch (error) {
        if (isNotFound(sdk, error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      const { sdk, client } = await connect();
      // S3 answers a delete of a missing key with success too.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },

    async list() {
      const { sdk, client } = await connect();
      const keys: string[] = [];
      // A page holds at most 1,000 keys: follow the continuation tokens to the last page.
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket: config.bucket, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key && isValidStorageKey(object.Key)) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },

    url(key) {
      assertStorageKey(key);
      return `${publicBase}/${key}`;
    },
  };
}

/** No such object; a missing bucket is a configuration error and is thrown. */
function isNotFound(sdk: Sdk, error: unknown): boolean {
  return (
    error instanceof sdk.S3ServiceException &&
    error.name !== "NoSuchBucket" &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

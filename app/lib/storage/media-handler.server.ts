import type { RequestHandler, Response } from "express";
import { isValidStorageKey, MEDIA_CACHE_CONTROL, type Storage } from "./storage";

/** Where this server serves the local backend's files (createLocalStorage's default base URL). */
export const MEDIA_PATH = "/media";

function notFound(res: Response): void {
  res.status(404).setHeader("Cache-Control", "no-store");
  res.type("text/plain").send("Not found\n");
}

/**
 * GET and HEAD of `/media/<key>` (mounted at MEDIA_PATH): the stored file with the type it was stored as, cached
 * for a year, and `nosniff` so a browser never runs an upload as something else. A key that is not a valid
 * storage key (`..`, `%2e`, capitals) is a 404 before storage is asked: no path of the request reaches the disk.
 */
export function createMediaHandler(storage: () => Storage): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = req.path.slice(1);
    if (!isValidStorageKey(key)) return notFound(res);
    try {
      const object = await storage().get(key);
      if (!object) return notFound(res);
      res.setHeader("Content-Type", object.contentType);
      res.setHeader("Cache-Control", MEDIA_CACHE_CONTROL);
      res.setHeader("X-Content-Type-Options", "nosniff");
      // Express adds an ETag and answers If-None-Match with 304, and leaves the body out of a HEAD.
      res.send(object.body);
    } catch (error) {
      next(error);
    }
  };
}

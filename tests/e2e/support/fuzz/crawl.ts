import type { Page } from "@playwright/test";
import type { SiteClient } from "./site-client";

// The fuzz's map of the site (issue 38): every screen a role reaches by its links from where it starts, and every
// form on those screens with exactly what a browser would post for each of its submit buttons (FormData of the
// form and the button, read by Chromium from the server's HTML with scripts off), required fields left empty given
// a plausible value (a select's first choice, today, 10), so a hostile value in one field reaches the rules behind
// the others. Nothing here knows a route: a new screen or form is fuzzed without touching this file.

export interface FormField {
  name: string;
  value: string;
  /** The control's type: "text", "date", "number", "select-one", "hidden", "textarea", "file", ... */
  type: string;
}

export interface FoundForm {
  /** The screen the form was on. */
  page: string;
  /** Where it posts, as a path with its query. */
  action: string;
  multipart: boolean;
  fields: FormField[];
  /** One key per action, intent and set of fields: the same form on two screens is fuzzed once. */
  key: string;
}

export interface FoundQuery {
  /** A screen that reads `param` from its query. */
  url: string;
  param: string;
  /** The value the screen's link or filter form gave it. */
  value: string;
}

export interface SiteMap {
  /** Every page fetched, with its answer's status. */
  pages: { url: string; status: number; contentType: string }[];
  forms: FoundForm[];
  queries: FoundQuery[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Query values that name one record, a date or a page: one of each is enough. */
const VARIABLE_VALUE = /^([0-9a-f]{8}-[0-9a-f-]{27}|\d+|\d{4}-\d{2}(-\d{2})?)$/i;
const FREE_TEXT_PARAMS = new Set(["q", "back", "redirectTo", "cursor", "after", "before", "token"]);
/** Distinct query shapes crawled per path (a list's sort and filter links would otherwise multiply). */
const SHAPES_PER_PATH = 8;
/** Pages crawled per pattern: two records of one screen may offer different forms (a draft's Post, a sent quotation's Approve). */
const PAGES_PER_PATTERN = 3;

/** The page's address with ids, numbers and free text taken out: two URLs of one pattern show the same screen. */
export function urlPattern(url: URL): string {
  const path = url.pathname
    .split("/")
    .map((segment) => (UUID.test(segment) ? ":id" : /^\d+$/.test(segment) ? ":n" : segment))
    .join("/")
    .replace(/^\/(products|events|customer\/link)\/[^/]+/, "/$1/:slug");
  const query = [...new Set(url.searchParams.keys())]
    .sort()
    .map((key) => {
      const value = url.searchParams.get(key) ?? "";
      return FREE_TEXT_PARAMS.has(key) || VARIABLE_VALUE.test(value) ? `${key}=:v` : `${key}=${value}`;
    })
    .join("&");
  return query ? `${path}?${query}` : path;
}

interface RawForm {
  method: string;
  action: string | null;
  multipart: boolean;
  fields: FormField[];
}

/** Links and forms of one HTML page, as Chromium reads them (scripts off, nothing loaded). */
async function readPage(page: Page, html: string, today: string): Promise<{ links: string[]; forms: RawForm[] }> {
  await page.setContent(html, { waitUntil: "domcontentloaded" });
  return page.evaluate((today) => {
    const links = Array.from(document.querySelectorAll("a[href]"), (a) => a.getAttribute("href") ?? "");
    const forms: RawForm[] = [];
    const plausible = (control: Element | null, current: string): string => {
      if (current !== "" || !control) return current;
      if (control instanceof HTMLSelectElement)
        return Array.from(control.options).find((o) => o.value !== "")?.value ?? "";
      if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) return current;
      if (!control.required) return current;
      switch (control.type) {
        case "date":
          return today;
        case "month":
          return today.slice(0, 7);
        case "number": {
          const min = control.getAttribute("min");
          return min && Number(min) > 0 ? min : "10";
        }
        case "email":
          return "fuzz@example.com";
        case "tel":
          return "01712345678";
        case "password":
          return "fuzz-password-1234";
        default:
          return "Fuzz";
      }
    };
    for (const form of Array.from(document.forms)) {
      const method = (form.getAttribute("method") ?? "get").toLowerCase();
      const submitters = Array.from(form.elements).filter(
        (e): e is HTMLButtonElement | HTMLInputElement =>
          (e instanceof HTMLButtonElement || e instanceof HTMLInputElement) && e.type === "submit" && e.name !== "",
      );
      const seen = new Set<string>();
      for (const submitter of submitters.length ? submitters : [null]) {
        const signature = submitter ? `${submitter.name}=${submitter.value}` : "";
        if (seen.has(signature)) continue;
        seen.add(signature);
        const data = new FormData(form, submitter);
        const fields: FormField[] = [];
        const named = (name: string): Element | null => {
          const item = form.elements.namedItem(name);
          return item instanceof RadioNodeList ? ((item[0] as Element | undefined) ?? null) : item;
        };
        for (const [name, value] of data) {
          const control = named(name);
          const type = control && "type" in control ? String(control.type) : "hidden";
          fields.push({
            name,
            type,
            value: typeof value === "string" ? plausible(control, value) : "",
          });
        }
        // A radio group with nothing chosen, or a required select left on its placeholder: its first choice.
        for (const control of Array.from(form.elements)) {
          if (!(control instanceof HTMLInputElement) || control.type !== "radio" || !control.name) continue;
          if (!fields.some((f) => f.name === control.name))
            fields.push({ name: control.name, type: "radio", value: control.value });
        }
        forms.push({
          method,
          action: form.getAttribute("action"),
          multipart: (form.getAttribute("enctype") ?? "") === "multipart/form-data",
          fields,
        });
      }
    }
    return { links, forms };
  }, today);
}

export interface CrawlOptions {
  /** Where the role starts. */
  start: string[];
  /** Which paths belong to this crawl (a role's part of the site). */
  within: (path: string) => boolean;
  /** At most this many pages. */
  limit: number;
  today: string;
}

/** Visits every page the client reaches from `start`, breadth first, a few pages per URL pattern. */
export async function crawl(client: SiteClient, page: Page, options: CrawlOptions): Promise<SiteMap> {
  const base = new URL(client.base);
  const queue = [...options.start];
  const seenUrls = new Set<string>();
  const pagesPerPattern = new Map<string, number>();
  const shapesPerPath = new Map<string, number>();
  const map: SiteMap = { pages: [], forms: [], queries: [] };
  const formKeys = new Set<string>();
  const queryKeys = new Set<string>();

  const enqueue = (href: string, from: URL) => {
    if (!href || href.startsWith("#") || /^(mailto|tel|javascript|data):/i.test(href)) return;
    const url = new URL(href, from);
    url.hash = "";
    if (url.origin !== base.origin || !options.within(url.pathname)) return;
    if (/\/logout$/.test(url.pathname) || url.pathname.startsWith("/assets/")) return;
    const target = url.pathname + url.search;
    const pattern = urlPattern(url);
    if (seenUrls.has(target)) return;
    const visits = pagesPerPattern.get(pattern) ?? 0;
    if (visits >= PAGES_PER_PATTERN) return;
    const pathPattern = pattern.split("?")[0]!;
    const shapes = shapesPerPath.get(pathPattern) ?? 0;
    if (visits === 0 && shapes >= SHAPES_PER_PATH) return;
    if (visits === 0) shapesPerPath.set(pathPattern, shapes + 1);
    pagesPerPattern.set(pattern, visits + 1);
    seenUrls.add(target);
    queue.push(target);
  };

  for (const path of options.start) {
    seenUrls.add(path);
    pagesPerPattern.set(urlPattern(new URL(path, base)), 1);
  }
  while (queue.length && map.pages.length < options.limit) {
    const path = queue.shift()!;
    const url = new URL(path, base);
    const answer = await client.get(path);
    map.pages.push({ url: path, status: answer.status, contentType: answer.contentType });
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      enqueue(answer.location, url);
      continue;
    }
    for (const [param, value] of url.searchParams) {
      const key = `${url.pathname.replace(/[0-9a-f-]{36}/gi, ":id")} ${param}`;
      if (queryKeys.has(key)) continue;
      queryKeys.add(key);
      map.queries.push({ url: path, param, value });
    }
    if (!answer.contentType.startsWith("text/html")) continue;
    const { links, forms } = await readPage(page, answer.body, options.today);
    for (const link of links) enqueue(link, url);
    for (const form of forms) {
      const target = new URL(form.action || path, url);
      if (target.origin !== base.origin) continue;
      if (form.method !== "post") {
        // A filter form: each of its fields is a query parameter of the screen it opens.
        for (const field of form.fields) {
          const key = `${target.pathname.replace(/[0-9a-f-]{36}/gi, ":id")} ${field.name}`;
          if (queryKeys.has(key)) continue;
          queryKeys.add(key);
          const query = new URLSearchParams(form.fields.map((f) => [f.name, f.value]));
          map.queries.push({ url: `${target.pathname}?${query}`, param: field.name, value: field.value });
        }
        continue;
      }
      const intent = form.fields.find((f) => f.name === "intent")?.value ?? "";
      const names = [...new Set(form.fields.map((f) => f.name))].sort().join(",");
      const key = `${urlPattern(target).split("?")[0]} ${intent} ${names}`;
      if (formKeys.has(key)) continue;
      formKeys.add(key);
      map.forms.push({
        page: path,
        action: target.pathname + target.search,
        multipart: form.multipart,
        fields: form.fields,
        key,
      });
    }
  }
  return map;
}

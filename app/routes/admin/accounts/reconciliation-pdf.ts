// Placeholder until the reconciliation report of issue 23 is built here.
export function loader(): never {
  throw new Response("Not found", { status: 404 });
}

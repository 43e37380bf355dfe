import { getDb } from "~/db/client.server";
import { requireView } from "~/domain/auth/guard.server";
import { searchPartOptions } from "~/domain/inventory/part-options.server";
import type { Route } from "./+types/inventory-part-options";

// The package dialog's suggestions for a part (GET /admin/inventory/part-options?q=truss): JSON for a fetcher.
export async function loader(args: Route.LoaderArgs) {
  await requireView(args, "/admin/inventory/part-options");
  const q = new URL(args.request.url).searchParams.get("q") ?? "";
  return { options: await searchPartOptions(getDb(), q) };
}

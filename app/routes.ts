import { type RouteConfig, index, layout } from "@react-router/dev/routes";

// Every URL of the product, in one list (DESIGN §3).
export default [layout("routes/storefront/layout.tsx", [index("routes/storefront/home.tsx")])] satisfies RouteConfig;

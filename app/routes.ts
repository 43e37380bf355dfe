import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Every URL of the product, in one list (DESIGN §3).
export default [
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("api/email/quotation", "routes/api/email-quotation.ts"),

  layout("routes/storefront/layout.tsx", [
    index("routes/storefront/home.tsx"),
    route("products", "routes/storefront/products.tsx"),
    route("products/:slug", "routes/storefront/product.tsx"),
    route("events", "routes/storefront/events.tsx"),
    route("events/:slug", "routes/storefront/event.tsx"),
    route("gallery", "routes/storefront/gallery.tsx"),
    route("contact", "routes/storefront/contact.tsx"),
    route("quotation", "routes/storefront/quotation.tsx"),
    route("privacy", "routes/storefront/privacy.tsx"),
    route("terms", "routes/storefront/terms.tsx"),
    // Anything else is answered with the site's own 404 page, inside the site's header and footer.
    route("*", "routes/storefront/not-found.tsx"),
  ]),
] satisfies RouteConfig;

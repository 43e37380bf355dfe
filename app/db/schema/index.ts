export * from "./auth";
export * from "./people";
export * from "./content";
export * from "./catalogue";
export * from "./quotations";
export * from "./accounting";
export * from "./sales";
export * from "./system";

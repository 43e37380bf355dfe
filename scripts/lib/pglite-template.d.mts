export const TEMPLATE_DIR_ENV: string;
export function makeMigratedTemplate(): string;
export function copyMigratedTemplate(templateDir: string, dataDir: string): void;

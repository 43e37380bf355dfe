// Placeholder until the screen of issue 23 is built here: the same guarded page as every later screen.
export { loader, meta, default } from "../coming-soon";

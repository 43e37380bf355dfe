// Placeholder while this screen is being built.
export default function Screen() {
  return <main className="pt-28" />;
}

import { describe, expect, it } from "vitest";
import { exportReadme, LEDGER_JOURNAL_FILE } from "./export-readme";

describe("exportReadme", () => {
  const tables = [
    {
      file: "customers.csv",
      about: "Every customer.",
      columns: [
        { header: "Name", about: "The customer's name" },
        { header: "Phone", about: "Phone number" },
      ],
    },
    { file: "jobs.csv", about: "Every job.", columns: [{ header: "Number", about: "The job number" }] },
  ];
  const readme = exportReadme(tables, new Date("2026-12-08T01:00:00Z"));

  it("lists every file, the journal last, with the moment of the export", () => {
    expect(readme).toContain("Exported 2026-12-08T01:00:00.000Z.");
    const list = readme.split("\n").filter((line) => line.startsWith("- `"));
    expect(list).toEqual([
      "- `customers.csv`: Every customer.",
      "- `jobs.csv`: Every job.",
      expect.stringMatching(new RegExp(`^- \`${LEDGER_JOURNAL_FILE.replace(".", "\\.")}\`: The posted ledger`)),
    ]);
  });

  it("gives each file a section with a table of its columns, in order", () => {
    const section = readme.slice(readme.indexOf("## customers.csv"), readme.indexOf("## jobs.csv"));
    expect(section).toContain(
      "| Column | What it holds |\n| --- | --- |\n| Name | The customer's name |\n| Phone | Phone number |",
    );
    expect(readme).toContain(
      "## jobs.csv\n\nEvery job.\n\n| Column | What it holds |\n| --- | --- |\n| Number | The job number |",
    );
  });
});

import { describe, expect, it } from "vitest";
import { passwordInputWords, weakPasswordMessage } from "./password-strength.server";

describe("weakPasswordMessage", () => {
  it.each([
    ["12345678", "This is a heavily used password."],
    ["password1", "This is a commonly used password."],
    ["        ", 'Repeated characters like "aaa" are easy to guess.'],
    ["qwertyuiop", "This is a frequently used password."],
  ])("refuses %j, saying why", (password, why) => {
    const message = weakPasswordMessage(password);
    expect(message).toMatch(/^New password is too easy to guess\. /);
    expect(message).toContain(why);
    expect(message).toContain("Add more words that are less common.");
  });

  it("refuses a password built on the user's own name or the site's", () => {
    expect(weakPasswordMessage("rafiqulislam1", ["rafiqul@example.com", "Rafiqul Islam"])).toMatch(/too easy/);
    expect(weakPasswordMessage("utsabevents1")).toMatch(/too easy/);
  });

  it("refuses a password that runs the words of the user's own name or company together", () => {
    // "dhaka", "fashion" and "week" as three entries of the user's own still scored 3: the run is one entry now.
    const customer = ["production.dfw@example.com", "Dhaka Fashion Week"];
    for (const password of ["dhakafashionweek", "DhakaFashionWeek", "dhakafashionweek1"])
      expect(weakPasswordMessage(password, customer)).toMatch(/^New password is too easy to guess\. /);
    // A user named otherwise, at a company of that name (passwordUserInputs adds the customer's organisation).
    const employeeOfTheCompany = ["nusrat@example.com", "Nusrat Jahan", "Dhaka Fashion Week Ltd."];
    expect(weakPasswordMessage("dhakafashionweek", employeeOfTheCompany)).toMatch(/too easy/);
    expect(weakPasswordMessage("fashionweekltd", employeeOfTheCompany)).toMatch(/too easy/);
    expect(weakPasswordMessage("productiondfw", customer)).toMatch(/too easy/);
  });

  it("gives zxcvbn each input, its e-mail's parts, its words and their runs", () => {
    expect(passwordInputWords(["production.dfw@Example.com", "Dhaka Fashion Week", " ", "রহিম ইভেন্টস"]).sort()).toEqual(
      [
        "production.dfw@example.com",
        "production",
        "dfw",
        "example",
        "com",
        "productiondfw",
        "productiondfwexample",
        "productiondfwexamplecom",
        "dfwexample",
        "dfwexamplecom",
        "examplecom",
        "production.dfw",
        "example.com",
        "dhaka fashion week",
        "dhaka",
        "fashion",
        "week",
        "dhakafashion",
        "dhakafashionweek",
        "fashionweek",
        "রহিম ইভেন্টস",
        "রহিম",
        "ইভেন্টস",
        "রহিমইভেন্টস",
      ].sort(),
    );
  });

  it.each(["a-new-password", "my-own-portal-password", "farhana-own-password-2027", "Tr0ub4dor&3x"])(
    "accepts %j",
    (password) => {
      expect(weakPasswordMessage(password, ["shila@example.com", "Shila Staff"])).toBeNull();
    },
  );
});

import { describe, expect, it } from "vitest";
import samples from "./fixtures/language-test.json" with { type: "json" };
import { detectLanguage } from "./language";

describe("detectLanguage", () => {
  it("tells languages apart by script", () => {
    expect(detectLanguage("新しいアップデート最高").language).toBe("ja");
    expect(detectLanguage("新版本太好用了").language).toBe("zh");
    expect(detectLanguage("새 업데이트 최고예요").language).toBe("ko");
    expect(detectLanguage("التحديث الجديد رائع").language).toBe("ar");
    expect(detectLanguage("Новое обновление просто супер").language).toBe("ru");
    expect(detectLanguage("Γεια σου κόσμε").language).toBe("el");
    expect(detectLanguage("สวัสดีครับ").language).toBe("th");
  });

  it("tells Latin-script languages apart by their frequent words, letters and spelling", () => {
    expect(detectLanguage("Where is my refund?").language).toBe("en");
    expect(detectLanguage("¿Dónde está mi reembolso?").language).toBe("es");
    expect(detectLanguage("Wo bleibt meine Rückerstattung?").language).toBe("de");
    expect(detectLanguage("Où est mon remboursement ?").language).toBe("fr");
    expect(detectLanguage("Cadê meu reembolso?").language).toBe("pt");
    expect(detectLanguage("Dov'è il mio rimborso?").language).toBe("it");
    expect(detectLanguage("Waar blijft mijn terugbetaling?").language).toBe("nl");
    expect(detectLanguage("İadem nerede?").language).toBe("tr");
    expect(detectLanguage("Gdzie jest mój zwrot pieniędzy?").language).toBe("pl");
    expect(detectLanguage("Var är min återbetalning?").language).toBe("sv");
  });

  it("recognises one-word thanks", () => {
    expect(
      ["Merci", "Gracias!", "Danke", "Obrigado", "Grazie", "Bedankt", "Tack"].map((t) => detectLanguage(t).language),
    ).toEqual(["fr", "es", "de", "pt", "it", "nl", "sv"]);
  });

  it('answers "qme" for emoji only and "und" when there is nothing to go on', () => {
    expect(detectLanguage("😂😂😂")).toEqual({ language: "qme", confidence: 1 });
    expect(detectLanguage("").language).toBe("und");
    expect(detectLanguage("12345").language).toBe("und");
    expect(detectLanguage("!!!").language).toBe("und");
    expect(detectLanguage("@brand https://example.com").language).toBe("und");
    expect(detectLanguage("ok").language).toBe("und");
    expect(detectLanguage("#outage").language).toBe("und");
  });

  it("gives a confidence between 0 and 1", () => {
    const { confidence } = detectLanguage("Thank you so much for your help");
    expect(confidence).toBeGreaterThan(0.5);
    expect(confidence).toBeLessThanOrEqual(1);
  });

  it("is at least 99% accurate on the labelled short posts (fixtures/language-test.json)", () => {
    const rows = samples as Array<{ language: string; text: string }>;
    const perLanguage = new Map<string, number>();
    for (const row of rows) perLanguage.set(row.language, (perLanguage.get(row.language) ?? 0) + 1);
    for (const code of ["en", "es", "de", "fr", "pt", "it", "nl", "ja", "zh", "ar", "ko", "ru"])
      expect(perLanguage.get(code)).toBeGreaterThanOrEqual(40);
    expect(
      rows.filter((row) => row.language !== "und" && row.text !== "").every((row) => [...row.text].length < 60),
    ).toBe(true);

    const misses = rows.filter((row) => detectLanguage(row.text).language !== row.language);
    const accuracy = 1 - misses.length / rows.length;
    expect(accuracy, JSON.stringify(misses.slice(0, 10))).toBeGreaterThanOrEqual(0.99);
  });
});

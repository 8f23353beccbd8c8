import { ar } from "./ar";
import { de } from "./de";
import { en } from "./en";
import { es } from "./es";
import { fr } from "./fr";
import { it } from "./it";
import { ja } from "./ja";
import { ko } from "./ko";
import { nl } from "./nl";
import { pt } from "./pt";
import { ru } from "./ru";
import type { DemoLanguage, Lexicon } from "./types";
import { zh } from "./zh";

export * from "./types";

export const LEXICONS: Readonly<Record<DemoLanguage, Lexicon>> = { en, es, de, fr, pt, it, nl, ja, zh, ar, ko, ru };

// Simplified → Traditional for the Taiwanese authors: the phrases first (where one simplified
// character has several traditional ones), then character by character. Covers exactly the characters
// of zh.ts and of the Chinese names.
const TW_PHRASES: [string, string][] = [
  ["恢复", "恢復"],
  ["回复", "回覆"],
  ["复制粘贴", "複製貼上"],
  ["一只", "一隻"],
  ["游戏", "遊戲"],
];
const TW_CHARS =
  "两兩个個么麼买買于於们們价價优優会會体體偿償儿兒关關内內决決几幾刚剛别別务務区區单單发發变變号號后後吗嗎启啟员員团團图圖" +
  "坏壞处處头頭实實将將带帶帮幫并並广廣应應开開录錄态態戏戲战戰报報挂掛换換斗鬥断斷无無时時显顯机機来來极極没沒泪淚测測涨漲" +
  "游遊满滿点點烦煩爱愛现現畅暢码碼离離积積稳穩签簽紧緊纠糾级級线線终終经經结結给給绝絕统統继繼续續联聯荐薦补補装裝规規订訂" +
  "设設证證评評诉訴试試话話询詢语語误誤说說请請调調谢謝谱譜败敗账帳货貨贴貼贵貴费費赛賽赞讚赶趕转轉载載达達过過还還这這进進" +
  "连連迟遲邮郵钟鐘钱錢错錯闪閃问問队隊际際陆陸难難顺順须須题題风風馈饋复複张張刘劉陈陳杨楊黄黃赵趙吴吳郑鄭轩軒杰傑鸣鳴强強" +
  "飞飛锅鍋猫貓咸鹹鱼魚酱醬";
const TW_MAP = new Map<string, string>();
for (let i = 0; i + 1 < TW_CHARS.length; i += 2) TW_MAP.set(TW_CHARS[i], TW_CHARS[i + 1]);

export function toTraditional(text: string): string {
  let out = text;
  for (const [from, to] of TW_PHRASES) out = out.split(from).join(to);
  let result = "";
  for (const ch of out) result += TW_MAP.get(ch) ?? ch;
  return result;
}

function mapStrings<T>(value: T, fn: (s: string) => string): T {
  if (typeof value === "string") return fn(value) as T;
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = k === "lang" ? v : mapStrings(v, fn);
    return out as T;
  }
  return value;
}

/** The Chinese lexicon in Traditional characters (Taiwan). */
export const ZH_TW: Lexicon = mapStrings(zh, toTraditional);

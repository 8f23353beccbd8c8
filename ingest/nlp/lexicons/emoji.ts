// Valence of emoji and emoticons (shared by every language), on the lexicons' scale (about -4..+4).
// Emoji are looked up by their base pictograph: skin tones, variation selectors and the gender part of
// ZWJ sequences are dropped ("🤦🏽‍♀️" → "🤦").

const EMOJI_SOURCE = `
😀 2 😃 2.2 😄 2.2 😁 2.2 😆 2 😊 2.2 ☺ 2 🙂 1.2 😍 3 🥰 3 😘 2.2 😗 1.5 😙 1.5 😚 1.8 😎 2 🤩 3 🥳 2.8
😇 2 🤗 2 😋 1.8 😻 2.5 😉 1.2 😜 1 😝 1 😛 0.8 🤪 0.8 😂 0.8 🤣 0.8 😅 0.3 😌 1.2 🥹 1.5 🫶 2.5 🤝 1.2
👍 2 👌 1.8 👏 2 🙌 2.5 💪 1.8 🤘 1.5 ✌ 1.2 🤙 1.2 🙏 1 ✅ 1.2 ✔ 1 💯 2 🔥 1.5 ✨ 0.8 🎉 2.2 🎊 2 🥂 1.5 🍾 1.5
⭐ 1.5 🌟 1.8 🏆 2 🥇 2 👑 1.5 💎 1.2 🚀 1.5 🌈 1 ☀ 0.8 🌞 1.2 💐 1.5 🎁 1.2
❤ 2.5 ♥ 2.2 🧡 2.2 💛 2.2 💚 2.2 💙 2.2 💜 2.2 🤍 2 🩷 2.2 💕 2.5 💞 2.5 💓 2.5 💗 2.5 💖 2.5 💘 2.2 💝 2.2 😽 1.5
😐 -0.4 😑 -1 😶 -0.5 🙄 -1.8 😏 -0.5 😒 -2 😬 -1 🫠 -0.8 🙃 -1.2 🥲 -0.5 😕 -1.5 🫤 -1.2 😟 -1.5 🙁 -1.8 ☹ -2
😮 -0.2 😯 -0.3 😲 -0.3 😳 -0.8 🥺 -0.8 😦 -1.5 😧 -1.5 😨 -1.8 😰 -1.8 😥 -1.5 😢 -2 😭 -1.5 😱 -1.5 😖 -2
😣 -1.8 😞 -2 😓 -1.5 😩 -2.2 😫 -2.2 🥱 -1 😤 -2 😡 -3 😠 -2.5 🤬 -3.2 👿 -2.5 💀 -0.5 ☠ -1.5 💩 -2.5 🤡 -2
🤮 -3 🤢 -2.5 🤒 -1.2 😷 -0.8 🤕 -1.5 😴 -0.8 😪 -1 😔 -1.8 🤦 -2 🤷 -0.5 👎 -2.5 🖕 -3 💔 -2.5 ❌ -1.5 ⛔ -1.2
🚫 -1.2 ⚠ -0.8 🐌 -1.2 🗑 -1.8 📉 -1 😾 -2 🙅 -1.2 🤨 -0.8 🧐 -0.3 😵 -1.5 🤯 -0.8
`;

const EMOTICON_SOURCE = `
:) 1.8 :-) 1.8 :)) 2.2 :-)) 2.2 =) 1.8 :] 1.5 :d 2.5 :-d 2.5 =d 2.5 xd 1.5 ;) 1.2 ;-) 1.2 ;d 1.5 :p 1 :-p 1
;p 1 xp 0.8 <3 2.5 <33 2.8 <333 3 ^^ 1.5 ^_^ 1.5 ^-^ 1.5 :3 1 :* 1.8 :-* 1.8
:( -2 :-( -2 :(( -2.5 :-(( -2.5 =( -2 :[ -1.8 ): -2 :'( -2.2 :/ -1.2 :-/ -1.2 :\\ -1.2 :| -0.8 :-| -0.8 </3 -2.5
-_- -1.2 -.- -1.2 t_t -2 t.t -2 ;_; -2 >:( -3 >:-( -3 :o -0.3 :-o -0.3 :0 -0.3 :s -1
`;

function parse(source: string): Map<string, number> {
  const map = new Map<string, number>();
  const parts = source.trim().split(/\s+/);
  for (let i = 0; i + 1 < parts.length; i += 2) map.set(parts[i], Number(parts[i + 1]));
  return map;
}

export const EMOJI: ReadonlyMap<string, number> = parse(EMOJI_SOURCE);
export const EMOTICONS: ReadonlyMap<string, number> = parse(EMOTICON_SOURCE);

/** Laughter (jaja, hahaha, kkkk, mdr, lol, 555, www): a light positive. */
export const LAUGH_VALENCE = 0.4;

/** Ratings written as numbers. */
export const NUMBER_VALENCE: ReadonlyMap<string, number> = new Map([
  ["10/10", 2.5],
  ["5/5", 2.5],
  ["11/10", 3],
  ["0/10", -2.5],
  ["1/10", -2.5],
  ["1/5", -2],
  ["0/5", -2.5],
]);

/** The base pictograph of an emoji cluster. */
export function emojiKey(cluster: string): string {
  const first = cluster.codePointAt(0) ?? 0;
  return String.fromCodePoint(first);
}

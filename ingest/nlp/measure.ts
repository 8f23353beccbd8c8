// Informal cost measurement (not a test): `npx tsx ingest/nlp/measure.ts`.
// Runs detectLanguage + scoreSentiment + extractTerms on distinct ~150-character posts, as the pipeline
// does, and prints the mean cost per post: CPU time of this process (less disturbed by other load on the
// machine than wall time) and wall time.
import { detectLanguage, extractTerms, scoreSentiment } from "./index";

const POSTS = [
  "Great app but the latest update broke login again, support keeps sending copy-paste answers and I'm still waiting for my refund #outage @ShopNow 😡",
  "La app no funciona desde ayer y nadie responde en soporte, me cobraron dos veces y todavía sin reembolso. Vaya servicio más lamentable 🙄 #caida",
  "Das neue Update läuft richtig flüssig, aber die Kamera stürzt ab, wenn ich den Chat öffne. Support war trotzdem freundlich und schnell, danke! 👍",
  "Franchement l'appli est top depuis la mise à jour, plus de lag, la synchro marche nickel et le service client a répondu en dix minutes. Merci ❤️",
  "O app tá travando toda hora depois da atualização, já reclamei no SAC e nada. Atendimento péssimo, vou cancelar a assinatura se não resolverem",
  "Il nuovo aggiornamento è fluidissimo e la batteria dura tantissimo, ma l'assistenza clienti non risponde mai alle mail. Comunque consigliato!",
  "De nieuwe update loopt super soepel maar de app crasht nog steeds als ik de chat open. Klantenservice reageert niet, echt jammer want verder top",
  "新しいアップデートでアプリがサクサク動くようになったけど、チャットを開くと落ちる。サポートの対応は丁寧で助かりました、ありがとうございます！早く直してほしい",
];

function run(iterations: number): { cpu: number; wall: number } {
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  let sink = 0;
  for (let i = 0; i < iterations; i++) {
    const text = `${POSTS[i % POSTS.length]} ${i}`;
    const { language } = detectLanguage(text);
    sink += scoreSentiment(text, language).score;
    sink += extractTerms(text, language).length;
  }
  const wall = Number(process.hrtime.bigint() - start) / 1000;
  const used = process.cpuUsage(cpu);
  if (sink === Number.MIN_VALUE) console.log(sink);
  return { cpu: (used.user + used.system) / iterations, wall: wall / iterations };
}

run(5_000); // warm-up
const mean = run(40_000);
console.log(
  `mean per post (detectLanguage + scoreSentiment + extractTerms): ${mean.cpu.toFixed(1)} µs CPU, ${mean.wall.toFixed(1)} µs wall`,
);
for (const post of POSTS) {
  const cpu = process.cpuUsage();
  const n = 5_000;
  for (let i = 0; i < n; i++) {
    const text = `${post} ${i}`;
    const { language } = detectLanguage(text);
    scoreSentiment(text, language);
    extractTerms(text, language);
  }
  const used = process.cpuUsage(cpu);
  console.log(
    `${detectLanguage(post).language} (${post.length} chars): ${((used.user + used.system) / n).toFixed(1)} µs CPU`,
  );
}

import type { LexiconSource } from "../lexicon";

// Dutch (Netherlands and Flanders): valence words (suffix stems for compounds such as
// "synchronisatieprobleem", prefix stems for "kut-", "klote-"), slang and customer-care words.
// "niet" also negates what precedes it ("werkt niet").
export const NL: LexiconSource = {
  entries: `
goed 1.9, goede 1.9, prima 2, top 2.2, super 2.5, geweldig 3, geweldige 3, fantastisch* 3, uitstekend* 3,
prachtig* 3, schitterend* 3, heerlijk* 2.8, perfect 2.8, perfecte 2.8, perfect* 2.5, fijn 2, fijne 2, leuk 2,
leuke 2, mooi 2.2, mooie 2.2, gaaf 2.5, gave 2.5, vet 2.2, lekker 2, tof 2.2, toffe 2.2, knap 2,
sterk 1.5, briljant 3, subliem 3, top service 2.8, dol op 2.8!, ben dol 2.8!, hou van 2.8!, houd van 2.8!,
blij 2.2, tevreden 2.2, dankbaar 2.2, dank 1.8, bedankt 1.8, dankjewel 2, dank je 2, dank je wel 2.2,
merci 1.8, thanks 1.8, aanrader 2.8, een aanrader 2.8, aanbevolen 2.5, aan te raden 2.5!, raad aan 2.2!,
snel 1.3, snelle 1.3, sneller 1.3, razendsnel 2.2, soepel 2, vlot 1.5, makkelijk 1.5, gemakkelijk 1.5,
handig 1.5, nuttig 1.8, vriendelijk* 2, behulpzaam 2.2, deskundig* 2, vakkundig* 2, betrouwbaar 2, stabiel 1.5,
opgelost 2, gefikst 1.8, gerepareerd 1.8, hersteld 1.5, verholpen 2, werkt 1.5, werken 1.2, werkte 1.2,
doet het 1.5!, doet het weer 2.2!, werkt weer 2.2!, beter 1.5, beste 2.8, verbetering 1.8, verbeterd 1.8,
chapeau 2.5, petje af 2.5!, complimenten 2.5, compliment 2.2, bravo 2.5, gefeliciteerd 2, eindelijk 0.6,
netjes 1.8, keurig 2, correct 1, punctueel 1.5, gezellig 2, genieten 2.2, geniet 2.2, genoten 2.2, plezier 2,
wauw 1.5, wow 1.5, yes 1.2, zalig 2.8, mooi zo 2!, terugbetaald 1.5, geen probleem 1.5!, geen problemen 1.5!,
zonder problemen 1.5!, zonder gedoe 1.5!, nooit problemen 1.8!, niet slecht 1.5!, mag niet klagen 2!,
kan niet klagen 2!, stelt nooit teleur 2.5!, zo hoort het 2!, weer bestellen 2, zou het weer doen 2, zo hoort het ook 2!,
slecht -2.5, slechte -2.5, slechter -2.5, slechtste -3.2, waardeloos -3, waardeloze -3, rampzalig* -3,
verschrikkelijk* -3, vreselijk* -3, afschuwelijk* -3, belabberd -2.5, bagger -2.8, kut -2.8, kut* -2.5,
klote -2.8, klote* -2.5, shit -2.5, ruk -2.5, balen -2.3, baal -2.3, jammer -1.8, zonde -1.8, teleurgesteld -2.5,
teleurstellend* -2.5, teleurstelling -2.5, boos -2.5, kwaad -2.5, woedend -3, geïrriteerd -2.3, irritant* -2.3,
ergerlijk* -2.3, ergernis -2.3, frustrerend* -2.5, gefrustreerd -2.5, schandalig* -3, schande -3, belachelijk* -2.5,
onacceptabel -3, onaanvaardbaar -3, triest -2, treurig -2, traag -1.5, trage -1.5, trager -1.5, langzaam -1.5,
hapert -2, haperen -1.8, loopt vast -2.2!, vastgelopen -2.2, crasht -2.2, crashen -2, crash -2, lag -1.6,
laggt -2, bug -1.5, bugs -1.5, fout -1.5, fouten -1.5, *fout -1.5, foutmelding* -1.8, probleem -1.2,
problemen -1.2, *probleem -1.2, *problemen -1.2, storing -2!, storingen -2!, *storing -2!, kapot -2.5,
plat -1.5, eruit -0.8, down -1.5!, offline -0.8, oplichting -3!, oplichters -3!, opgelicht -3!,
oplichterij -3!, afzetterij -3!, fraude -3!, diefstal -2.5!, duur -1.2, te duur -2.2!, terugbetaling -0.8!,
geld terug -1.5!, mijn geld terug -1.8!, afgeschreven -1!, dubbel afgeschreven -3!, twee keer afgeschreven -3!,
opzeggen -1.8!, zeg op -2.2!, ik zeg op -2.5!, opgezegd -1.5!, geannuleerd -1.5, wachten -0.8!, wacht -0.8!,
wachttijd -1.2!, in de wacht -1.8!, vertraging -1.5, te laat -1.5!, kwijt -1.5, gewist -1.8, verdwenen -1.5,
grap -1.2, een grap -2, lachertje -2.2, verwarrend* -1.8, onduidelijk* -1.5, lelijk* -2.3, nutteloos -2.5,
onbruikbaar -3, onmogelijk -2, onbereikbaar -2.2, geen reactie -2!, geen antwoord -2!, niemand reageert -2.2!,
zonder bericht -1.5!, zonder aankondiging -1.5!, zonder internet -2!, onbeschoft -2.5, onvriendelijk -2.5,
incompetent* -2.8, genegeerd -2, hel -2.5, nachtmerrie -3, ramp -3, drama -2.2, chaos -2, gedoe -1.5, gezeik -2.5,
verpest -2.5, verpestte -2.5, helaas -1.5, zorgen -1, bang -1.5, ho maar -2!, lekker dan -2!, nooit meer -2.5!,
niet te doen -2.5!, werkt niet -2.2!, doet het niet -2.2!, lukt niet -1.8!, vind ik niks -2!, vind het niks -2!,
helemaal niks -1.5!
`,
  negators: `niet geen nooit zonder niets niks niemand nergens`,
  postNegators: `niet nooit`,
  boosters: `heel:0.3 erg:0.3 echt:0.25 zeer:0.3 super:0.3 zo:0.25 te:0.15 helemaal:0.3 enorm:0.4 ontzettend:0.4
    vreselijk:0.4 extreem:0.4 totaal:0.3 volledig:0.3 hartstikke:0.35 hele:0.2 mega:0.35 bijzonder:0.3
    best:0.05 redelijk:-0.2 beetje:-0.3 nauwelijks:-0.5 bijna:-0.3 vrij:0.05`,
  contrast: `maar echter desondanks`,
};

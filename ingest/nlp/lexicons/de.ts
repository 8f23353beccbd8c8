import type { LexiconSource } from "../lexicon";

// German: valence words (with prefix stems for inflection and suffix stems for compounds), slang and
// customer-care words. "nicht" also negates what precedes it ("funktioniert nicht").
export const DE: LexiconSource = {
  entries: `
gut 1.9, gute 1.9, guter 1.9, gutes 1.9, guten 1.5, super 2.5, toll 2.5, tolle 2.5, toller 2.5, tolles 2.5,
klasse 2.5, prima 2.2, spitze 2.8, top 2.2, genial 3, geniale 3, genialer 3, großartig* 3, hervorragend* 3,
ausgezeichnet* 3, exzellent* 3, fantastisch* 3, wunderbar* 3, wundervoll* 3, perfekt* 2.8, klappt 1.5,
funktioniert 1.5, funktionieren 1.2, funktionierte 1.5, läuft 1.2, lief 1, liebe 2.8, lieben 2.8, liebt 2.8,
mag 1.8, mögen 1.8, gefällt 2, gefallen 1.5, freue 2.2, freut 2.2, freuen 2, froh 2.2, glücklich* 2.5,
zufrieden* 2.2, begeistert 3, danke 1.8, dank 1.5, dankbar 2.2, vielen dank 2.2, herzlichen dank 2.5,
empfehl* 2.5, empfehlenswert 2.5, schnell 1.3, schnelle 1.3, schneller 1.3, zügig 1.3, flüssig 2, reibungslos 2.2,
leicht 0.8, nett 2, nette 2, netter 2, netten 2, freundlich* 2, hilfsbereit* 2.2, hilfreich* 2,
kompetent* 2, zuverlässig* 2, stabil* 1.5, schön 2, schöne 2, schöner 2, schönes 2, hübsch* 2, geil 2.8,
geile 2.8, geiler 2.8, geiles 2.8, mega 2, hammer 2.5, der hammer 2.8, krass 1, cool 1.5, lässig 1.5,
spaß 2, spass 2, bravo 2.5, respekt 2, glückwunsch 2.5, gelöst 2, behoben 2, repariert 1.8, gefixt 1.8,
fixen 0.8, verbessert 1.8, verbesserung 1.8, besser 1.5, beste 3, besten 3, bester 3, bestes 3, lob 2,
loben 2, angenehm* 2, praktisch 1.5, nützlich* 1.8, sauber 1.5, traumhaft 3, wow 1.5, yeah 1.5, juhu 2.5,
endlich 0.6, unkompliziert 2, kostenlos 0.5, günstig 1, fair 1.2, lecker 2.5, zuvorkommend 2.2, höflich 1.8,
professionell* 1.5, feier 1.5, ich feier 2.5, feiere 1.5, danke schön 2.2, dankeschön 2.2, keine probleme 1.5!,
kein problem 1.2!, ohne probleme 1.5!, ohne stress 1.2!, nie probleme 1.8!, so muss das 2!, wieder bestellen 2, wieder kaufen 2, würde wieder 1.5, so muss es sein 2!,
wieder da 1!, läuft wieder 2!, geht wieder 2!, klappt wieder 2!, funktioniert wieder 2!, macht spaß 2.5!,
schlecht -2.5, schlechte -2.5, schlechter -2.5, schlechtes -2.5, schlechten -2.5, schlechteste* -3.2,
schrecklich* -3, furchtbar* -3, fürchterlich* -3, grauenhaft* -3, grausam* -2.8, katastroph* -3, mies* -2.5,
miserabel* -3, übel -2.2, scheiße -3, scheisse -3, scheiß -2.8, scheiss -2.8, beschissen* -3, mist -2.2,
kacke -2.5, ätzend* -2.5, nervig* -2.3, nervt -2.3, nerven -1.8, genervt -2.3, ärger* -2.2, wütend -2.5,
sauer -2, enttäusch* -2.5, traurig -2, unzufrieden* -2.5, frechheit -2.8, unverschämt* -2.8, dreist -2.2,
lächerlich* -2.5, peinlich* -2.2, inakzeptabel -3, unzumutbar -3, unmöglich -2, unerträglich* -3,
langsam* -1.5, lahm* -1.8, träge -1.5, hängt -1.5, hängen -1.2, ruckelt -2, ruckeln -1.8, lag -1.6, lagt -2,
laggt -2, abgestürzt -2.2, stürzt -1.8, stürzt ab -2.5!, absturz -2, abstürze -2.2, crasht -2.2, kaputt* -2.5,
defekt* -2.2, fehler -1.5, *fehler -1.5, bug -1.5, bugs -1.5, buggy -2.2, problem -1.2, probleme -1.2,
*problem -1.2, *probleme -1.2, störung -2!, störungen -2!, *störung -2!, ausfall -2!, ausfälle -2!, *ausfall -2!,
down -1!, offline -0.8, abzocke -3!, abgezockt -3!, betrug -3!, betrüger -3!, betrügerisch -3!, betrogen -2.8!,
wucher -2.5!, teuer -1.5, überteuert -2.5, zu teuer -2.2!, erstattung -0.8!, rückerstattung -0.8!,
geld zurück -1.5!, mein geld zurück -1.8!, abgebucht -1!, doppelt abgebucht -3!, zweimal abgebucht -3!,
kündige -2.2!, kündigen -1.8!, gekündigt -1.5!, kündigung -1.2!, warte -1!, warten -0.8!, wartezeit -1.2!,
warteschleife -1.8!, verspätung -1.5, verspätet -1.5, zu spät -1.5!, verloren -1.5, gelöscht -1.8,
witz -1.5, ein witz -2, gestrichen -1.8, storniert -1.5, verwirrend* -1.8, hässlich* -2.3, unübersichtlich* -1.8,
nutzlos* -2.5, unbrauchbar* -3, sinnlos* -2, schade -1.8, leider -1.2, fehlanzeige -2.2!, vertröstet -2.2!,
keine antwort -2!, keine reaktion -2!, nie erreichbar -2.2!, nicht erreichbar -2!, unfreundlich* -2.5,
inkompetent* -2.8, ignoriert -2, hölle -2.5, albtraum -3, alptraum -3, desaster -3, chaos -2, sauerei -2.5,
ärgerlich* -2.3, zumutung -2.8, schwach -1.5, enttäuschung -2.5, na toll -2!, vielen dank auch -2!,
danke für nichts -3!, nie wieder -2.5!, niemals wieder -2.5!, ugh -1.5, meh -1.3, nervig -2.3, ruiniert -2.5,
zerstört -2.2, verpfuscht -2.5, abstürzen -2, hakt -1.5, spinnt -1.8, klappt nicht -2.2!, geht nicht -1.8!,
funktioniert nicht -2.2!, läuft nicht -2!
`,
  negators: `nicht nichts kein keine keinen keinem keiner keines nie niemals ohne weder nirgends niemand`,
  postNegators: `nicht nie niemals`,
  boosters: `sehr:0.3 echt:0.25 wirklich:0.3 total:0.3 voll:0.3 richtig:0.3 extrem:0.4 absolut:0.4 äußerst:0.4
    so:0.25 super:0.3 mega:0.35 ultra:0.35 zu:0.15 ziemlich:0.1 besonders:0.3 unglaublich:0.4 überhaupt:0.3
    gar:0.2 komplett:0.3 völlig:0.35 einfach:0.1 etwas:-0.3 bisschen:-0.3 wenig:-0.3 kaum:-0.5 leicht:-0.3
    eher:-0.2 halbwegs:-0.3 fast:-0.3 ganz:0.1`,
  contrast: `aber allerdings jedoch trotzdem dennoch`,
};

import type { LexiconSource } from "../lexicon";

// French: valence words, slang (ouf, kiffe, relou, nul) and customer-care words. "ne"/"n'" negate what
// follows; "pas", "jamais", "plus" also negate what precedes in colloquial French ("ça marche pas").
export const FR: LexiconSource = {
  entries: `
bien 1.5, bon 1.8, bonne 1.8, bons 1.8, bonnes 1.8, super 2.5, génial 3, géniale 3, géniaux 3, genial 3,
excellent* 3, parfait* 2.8, formidable 3, magnifique 3, merveille* 3, fantastique 3, incroyable 2.6, top 2.2,
au top 2.8, impeccable 3, nickel 2.5, adore 3, adorer 2.8, adoré 3, j'adore 3, adorable 2.5, aime 2, aimer 1.8,
aimé 2, j'aime 2, kiffe 2.5, kiffer 2.5, kiff 2.5, kiffé 2.5, content 2.2, contente 2.2, contents 2.2, ravi 2.8,
ravie 2.8, heureux 2.5, heureuse 2.5, satisfait* 2.2, merci 1.8, remercie 2, remerciements 2, merci beaucoup 2.3,
recommand* 2.5, rapide 1.3, rapides 1.3, rapidement 1.2, vite 0.8, fluide 2, efficace 2, efficaces 2, simple 0.8,
facile 1.5, pratique 1.5, utile 1.8, aimable 2, aimables 2, gentil 2, gentille 2, gentils 2, sympa 2, sympathique 2,
agréable 2, professionnel* 1.5, compétent* 2, fiable 2, stable 1.5, beau 2, belle 2, beaux 2, joli 1.8, jolie 1.8,
ouf 2, trop bien 2.8, trop cool 2.5, cool 1.5, génialissime 3.2, chapeau 2.5, bravo 2.5, félicitations 2.5,
réglé 2, résolu 2, résolue 2, corrigé 1.8, corrigée 1.8, réparé 1.8, réparée 1.8, réparation 0.8, marche 1.2,
marchent 1.2, fonctionne 1.5, fonctionnent 1.5, remarche 2, refonctionne 2, amélior* 1.8, mieux 1.5, meilleur 2.5,
meilleure 2.5, meilleurs 2.5, le meilleur 3, la meilleure 3, les meilleurs 3, plaisir 2.2, ça fait plaisir 2.5,
enfin 0.6, remboursé 1.5, je rachèterais 2, je recommande 2.5, remboursée 1.5, remboursés 1.5, rembourse 0.5, rien à redire 2.5!, aucun problème 1.5!,
aucun souci 1.5!, sans souci 1.5!, sans problème 1.5!, sans difficulté 1.5!, nickel chrome 2.5, idéal 2,
idéale 2, chouette 2.2, grave bien 2.8, trop fort 2.5, le feu 2, canon 2, excellentissime 3.2, dingue 1.2,
incroyablement 1.5, confortable 1.5, soigné 1.8, soignée 1.8, ponctuel 1.5, bisous 1.5, cœur 1.5, love 2.5,
pas mal 1.5!, pas mal du tout 2!, pas déçu 2!, pas déçue 2!, jamais déçu 2.2!, jamais déçue 2.2!,
mauvais -2.5, mauvaise -2.5, mauvaises -2.5, mal -1.8, nul -2.8, nulle -2.8, nuls -2.8, nullissime -3.2,
horrible* -3, affreux -3, affreuse -3, terrible* -2.5, catastroph* -3, lamentable* -3, pitoyable -3, pire -3,
minable -2.8, médiocre -2, décevant* -2.5, déçu -2.5, déçue -2.5, déçus -2.5, déception -2.5, dégoûté* -2.5,
dégoûtant* -3, honte -2.5, honteux -2.8, honteuse -2.8, scandale -3, scandaleux -3, inadmissible -3,
inacceptable -3, insupportable -3, intolérable -3, ridicule -2.5, énervé* -2.3, énervant* -2.3, agacé* -2,
agaçant* -2, chiant* -2.5, relou -2.3, saoule -2, soûle -2, galère -2, galères -2, furieux -3, furieuse -3,
colère -2.5, marre -2.5, j'en ai marre -2.8!, ras le bol -2.8!, triste -2, merde -3, de merde -3, pourri* -2.8,
naze -2.5, bof -1.2, moche* -2.3, lent -1.5, lente -1.5, lents -1.5, lenteur* -1.8, rame -2, ramer -1.8,
rament -2, lag -1.6, lague -2, laggue -2, bug -1.5, bugs -1.5, bugue -2, buggé -2, plante -2, plantent -2,
planté -2, plantage* -2, crash -2, crashe -2, panne -2!, pannes -2!, en panne -2.2!, coupure -1.8!, coupures -1.8!,
erreur -1.5, erreurs -1.5, problème -1.2, problèmes -1.2, souci -1.2, soucis -1.2, cassé -2.2, cassée -2.2,
casse -1.5, arnaque -3!, arnaques -3!, arnaqué* -3!, escroc* -3!, escroquerie -3!, voleur* -3!, vol -0.5!,
du vol -2.5, fraude -3!, cher -1.5, chère -1.5, trop cher -2.2!, hors de prix -2.5!, remboursement -0.8!,
rembourser -0.8!, être remboursé -1!, débité deux fois -3!, prélevé deux fois -3!, débité -1!, prélevé -1!,
résilie -2.2!, résilier -1.8!, résiliation -1.2!, annulé -1.5, annulée -1.5, attente -1.2!, attendre -0.8!,
j'attends -1.2!, retard -1.5, en retard -1.5!, perdu -1.5, perdue -1.5, supprimé -1.5, supprimée -1.5,
blague -1.5, une blague -2, confus -1.5, confuse -1.5, compliqué* -1.5, inutile -2.5, inutilisable -3,
injouable -3, impossible -2, personne ne répond -2.2!, aucune réponse -2!, sans réponse -2!, sans prévenir -1.5!,
jamais de réponse -2.2!, déconnecte -1.8, déconnecté -1.5, bloqué -1.5, bloquée -1.5, gèle -1.8, freeze -1.8,
désastre -3, cauchemar -3, n'importe quoi -2.2!, merci pour rien -3!, plus jamais -2.5!,
pénible -2.3, épuisant* -2, dommage -1.8, hélas -1.5, malheureusement -1.5, inquiet* -1.5, peur -1.5, dégueu* -2.8,
foutage de gueule -3!, se moquent -2!, moqu* -1.8, bordel -2.2, grr -1.5, pfff -1.5, pff -1.5, ugh -1.5,
ne marche pas -2.2!, marche pas -2.2!, ne fonctionne pas -2.2!, fonctionne pas -2.2!, ne marche plus -2.5!,
marche plus -2.5!, ça rame -2!, à mort -1!
`,
  negators: `ne n' pas jamais rien aucun aucune sans ni personne guère`,
  postNegators: `pas jamais`,
  boosters: `très:0.3 trop:0.3 vraiment:0.3 super:0.3 hyper:0.35 vachement:0.3 grave:0.3 tellement:0.3
    complètement:0.3 totalement:0.3 absolument:0.4 extrêmement:0.4 franchement:0.2 carrément:0.3 si:0.2
    tout:0.1 vivement:0.3 énormément:0.4 plutôt:0.1 assez:0.05 peu:-0.4 légèrement:-0.4 presque:-0.3
    moyennement:-0.4`,
  contrast: `mais pourtant cependant toutefois néanmoins`,
};

import type { LexiconSource } from "../lexicon";

// Italian: valence words (with the -issimo superlatives as stems), slang (figo, top, fa schifo) and
// customer-care words (rimborso, truffa, si blocca, down).
export const IT: LexiconSource = {
  entries: `
buono 1.9, buona 1.9, buoni 1.9, buone 1.9, buon 1.5, bene 1.5, benissimo 3, ottimo 3, ottima 3, ottimi 3,
eccellente* 3, perfett* 2.8, fantastic* 3, meravigli* 3, stupend* 3, splendid* 3, magnifico 3, magnifica 3,
incredibile 2.6, bellissim* 3, bello 2.2, bella 2.2, belli 2.2, belle 2.2, bel 1.8, top 2.2, figo 2.2, figa 1.5,
fico 2.2, forte 1.5, spettacolo 3, spettacolare 3, una bomba 2.8, bomba 1.5, geniale 3, grande 0.5, grandi 0.5,
adoro 3, amo 3, piace 2, piacciono 2, mi piace 2, mi piacciono 2, piaciuto 2, piaciuta 2, felice 2.5,
felicissim* 3, contento 2.2, contenta 2.2, contentissim* 3, soddisfatt* 2.2, grazie 1.8, grazie mille 2.3,
ringrazio 2, ringraziare 1.8, consiglio 1, consigliat* 2.5, consiglierei 2.5, consigliatissimo 3, veloce 1.3,
veloci 1.3, velocissim* 2, velocemente 1.2, rapido 1.3, rapida 1.3, fluido 2, fluida 2, fluidissim* 2.8,
facile 1.5, semplice 0.8, utile 1.8, gentile 2, gentili 2, gentilissim* 3, cortese 2, cortesi 2, disponibile 1.5,
disponibilissim* 2.8, simpatic* 2, competente 2, competenti 2, professionale 1.5, affidabile 2, stabile 1.5,
risolto 2, risolta 2, risolti 2, sistemato 1.8, sistemata 1.8, sistemare 0.5, riparato 1.8, corretto 1.2,
funziona 1.5, funzionano 1.5, funzionante 1.2, va benissimo 2.8!, va bene 1.5!, meglio 1.5, migliore 2.5,
migliori 2.5, il migliore 3, il miglior 3, la migliore 3, i migliori 3, miglioramento 1.8, migliorato 1.8,
complimenti 2.5, bravi 2.2, bravo 2.2, brava 2.2, bravissim* 3, evviva 2.5, finalmente 0.6, goduria 2.8,
piacere 1.5, un piacere 2.5, così si fa 2, riordinerei 2, ricomprerei 2, lo rifarei 2, rimborsat* 1.5, impeccabile 3, puntuale 1.5, comodo 1.5, comoda 1.5, carino 2,
carina 2, carinissim* 2.8, wow 1.5, apprezzo 2.2, apprezzato 2, lodevole 2, eccezionale 3, super 2.5, ideale 2,
nessun problema 1.5!, senza problemi 1.5!, senza storie 1.2!, mai un problema 2!, niente male 1.5!, non male 1.5!,
non delude mai 2.5!, mai deluso 2.2!, mai delusa 2.2!, non mi posso lamentare 2!, non posso lamentarmi 2!,
cattivo -2.2, cattiva -2.2, male -1.8, malissimo -3, pessimo -3.2, pessima -3.2, pessimi -3.2, orribile -3,
orribili -3, orrendo -3, orrenda -3, terribile -3, terribili -3, schifo -3, fa schifo -3, che schifo -3,
schifoso -3, schifosa -3, merda -3, di merda -3, una merda -3, peggio -2.5, peggiore -3, peggior -3,
il peggiore -3.2, vergogna -2.5, vergognoso -2.8, vergognosa -2.8, ridicolo -2.5, ridicola -2.5, assurdo -2.5,
assurda -2.5, inaccettabile -3, inammissibile -3, delus* -2.5, deludente -2.5, delusione -2.5, odio -3,
arrabbiat* -2.5, incazzat* -2.8, furioso -3, furiosa -3, triste -2, stufo -2.3, stufa -2.3, lento -1.5, lenta -1.5,
lentissim* -2.5, lentezza -1.8, si blocca -2!, bloccato -1.5, disconnette -1.8, disconnessione -1.5, rivoglio -1.2, soldi indietro -1.5!, bloccata -1.5, blocca -1.5, crasha -2, crash -2,
si chiude da sola -2.5!, si chiude da solo -2.5!, si chiude -1.5!, lag -1.6, lagga -2, bug -1.5, errore -1.5,
errori -1.5, problema -1.2, problemi -1.2, guasto -2, guasta -2, rotto -2.2, rotta -2.2, rotti -2.2, rotte -2.2,
rovinato -2.5, rovinata -2.5, down -1.5!, giù -1!, disservizio -2.2!, disservizi -2.2!, truffa -3!, truffe -3!,
truffatori -3!, truffato -3!, fregatura -2.8!, furto -2.5!, un furto -3, ladri -3!, caro -1.2, costoso -1.5,
carissimo -2.5, rimborso -0.8!, rimborsi -0.8!, addebitato due volte -3!, doppio addebito -3!, addebitato -1!,
addebitati -1!, disdico -2.2!, disdetta -1.2!, disdire -1.5!, cancellato -1.5, cancellata -1.5, attesa -1.2!,
aspetto -0.5, aspettare -0.8!, ritardo -1.5, in ritardo -1.5!, nessuna risposta -2!, nessuno risponde -2.2!,
senza preavviso -1.5!, senza avvisare -1.5!, senza internet -2!, barzelletta -1.5, una barzelletta -2,
impossibile -2, inutile -2.5, inutili -2.5, disastro -3, caos -2, confuso -1.5, confusa -1.5, brutto -2.2,
brutta -2.2, brutti -2.2, brutte -2.2, tremendo -2.5, tremenda -2.5, incubo -3, pena -1.5, fa pena -2.5,
peccato -1.8, purtroppo -1.5, uffa -1.8, mah -0.8, bah -1, boh -0.5, preoccupat* -1.5, perso -1.2, persa -1.2,
non funziona -2.2!, non va -1.8!, non carica -2!, non mi piace -2!, non si apre -2!
`,
  negators: `non mai niente nulla nessun nessuno nessuna senza né neanche nemmeno neppure`,
  boosters: `molto:0.3 troppo:0.3 davvero:0.3 veramente:0.3 proprio:0.2 super:0.3 così:0.3 tanto:0.3 assai:0.3
    estremamente:0.4 completamente:0.3 totalmente:0.3 assolutamente:0.4 particolarmente:0.3 incredibilmente:0.4
    abbastanza:0.05 poco:-0.4 leggermente:-0.4 quasi:-0.3 piuttosto:0.1`,
  contrast: `ma però tuttavia comunque eppure`,
};

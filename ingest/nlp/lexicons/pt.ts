import type { LexiconSource } from "../lexicon";

// Portuguese (Brazil and Portugal): valence words, slang (top, show, massa, valeu, kkk) and customer-care
// words (estorno, fora do ar, travando, golpe).
export const PT: LexiconSource = {
  entries: `
bom 1.9, boa 1.9, bons 1.9, boas 1.9, bem 1.3, ótimo 3, ótima 3, ótimos 3, otimo 3, otima 3, excelente* 3,
maravilh* 3, perfeito 2.8, perfeita 2.8, perfeitamente 2.5, incrível 2.6, incríveis 2.6, incrivel 2.6,
sensacional 3, fantástico 3, fantástica 3, espetacular 3, show 2.2, show de bola 2.8, top 2.2, massa 2, demais 0.5,
lindo 2.2, linda 2.2, lindos 2.2, lindas 2.2, bonito 2, bonita 2, legal 2, bacana 2, maneiro 2, irado 2,
amo 3, adoro 3, adorei 3, amei 3, gostei 2, gosto 1.5, curti 2.2, curto 1.5, feliz 2.5, felizes 2.5,
contente 2.2, satisfeito 2.2, satisfeita 2.2, obrigado 1.8, obrigada 1.8, obg 1.5, vlw 1.5, valeu 1.8,
agradeço 2.2, agradecido 2.2, agradecida 2.2, grato 2.2, grata 2.2, recomend* 2.5, rápido 1.3, rápida 1.3,
rapido 1.3, rapida 1.3, rapidez 1.5, fluido 2, fluida 2, fácil 1.5, facil 1.5, útil 1.8, educado 2, educada 2,
atencioso 2, atenciosa 2, simpático 2, simpática 2, gente boa 2.2, eficiente 2, eficientes 2, impecável 3,
confiável 2, estável 1.5, resolveu 2, resolveram 2, resolvido 2, resolvida 2, resolverem 2, resolver 1,
corrigiu 1.8, corrigido 1.8, corrigiram 1.8, consertou 1.8, consertado 1.8, conserto 1, funciona 1.5,
funcionando 1.2, funcionou 1.5, voltou 1.2, voltou a funcionar 2!, melhor 2, melhores 2, o melhor 3, a melhor 3,
melhorou 1.8, melhorou muito 2.5!, melhoria 1.8, parabéns 2.5, parabens 2.5, sucesso 2, feliz demais 3,
dá gosto 2.5, gostoso 2, delícia 2.5, uma delícia 2.5, amor 2.5, um amor 2.5, estorno 0.5, reembolsad* 1.5,
de boa 1, tranquilo 1.2, sem problema 1.5!, sem problemas 1.5!, nenhum problema 1.5!, sem burocracia 1.5!,
sem surpresa 1!, nunca decepciona 2.5!, nada mal 1.5!, finalmente 0.6, uau 1.5, nossa 0.3, arrasou 2.8,
mandou bem 2.5, brabo 2, braba 2, foda 1.5, animado 2, animada 2, ansioso 0.5, ansiosa 0.5, adorável 2.5,
caprichado 2, agradável 2, confortável 1.5, barato 0.8, vale a pena 2!, compraria de novo 2, compraria novamente 2, voltaria a comprar 2, nota 10 2.8, 10/10 2.8,
ruim -2.5, ruins -2.5, péssimo -3.2, péssima -3.2, pessimo -3.2, pessima -3.2, horrível -3, horríveis -3,
horrivel -3, terrível -3, terrivel -3, pior -3, piores -3, mal -1.8, lixo -3, merda -3, uma merda -3,
porcaria -3, uma porcaria -3, droga -2, bosta -3, nojento -3, nojo -3, lamentável -2.8, vergonha -2.5,
vergonhoso -2.8, ridículo -2.5, absurdo -2.5, absurda -2.5, inaceitável -3, inadmissível -3, decepção -2.5,
decepcion* -2.5, odeio -3, odiei -3, raiva -2.5, irritad* -2.3, irritante -2.3, chato -2, chata -2,
chateado -2.2, chateada -2.2, triste -2, cansado -1.5, cansada -1.5, cansei -2, lento -1.5, lenta -1.5,
lentidão -1.8, travando -2.2, trava -2, travou -2, travado -2, lag -1.6, lagado -2, lagando -2, bug -1.5, bugs -1.5,
bugado -2.2, bugou -2, erro -1.5, erros -1.5, problema -1.2, problemas -1.2, quebrou -2, quebrado -2.2,
quebrada -2.2, estragou -2.2, estragado -2.2, caiu -1.5, fora do ar -2.2!, instável -2, golpe -3!, golpista* -3!,
fraude -3!, roubo -2.5!, um roubo -3, ladrões -3!, enganação -2.8!, enganad* -2.5, caro -1.5, cara -0.2,
caríssimo -2.5, cobrado duas vezes -3!, cobrança dupla -3!, cobraram duas vezes -3!, cobraram -1!, cobrado -1!,
reembolso -0.8!, dinheiro de volta -1.5!, meu dinheiro de volta -1.8!, cancelar -1.2!, cancelaram -1.5,
cancelado -1.5, cancelei -1.2, esperando -1!, espera -0.8!, esperar -0.5!, atraso -1.5, atrasou -1.5, reclamar -1.5, reclamação -1.5, reclamando -1.5,
atrasado -1.5, atrasada -1.5, demora -0.8, demorou -1.5, sem resposta -2!, ninguém responde -2.2!,
sem aviso -1.5!, sem avisar -1.5!, sem internet -2!, piada -1.5, uma piada -2, impossível -2, inútil -2.5,
desastre -3, caos -2, confuso -1.8, confusa -1.8, feio -2, feia -2, pesadelo -3, sacanagem -2.5, palhaçada -2.8,
descaso -2.8, desrespeito -2.8, falta de respeito -2.8!, enrolação -2.2, enrolando -2, fecha sozinho -2.5!,
fecha sozinha -2.5!, desloga -1.8, perdi -1.2, perdido -1.2, sumiu -1.5, apagou -1.8, apagado -1.5, aff -1.8,
affs -1.8, pqp -2.5, vsf -3, ugh -1.5, infelizmente -1.5, pena -1.2, que pena -2, medo -1.5, preocupad* -1.5,
não funciona -2.2!, não carrega -2!, não abre -2!, não dá -1!, não gostei -2!, não presta -2.8!
`,
  negators: `não nao nunca jamais nem sem nenhum nenhuma ninguém nada`,
  boosters: `muito:0.3 muita:0.3 super:0.3 bem:0.2 tão:0.3 mto:0.3 mt:0.3 demais:0.3 bastante:0.1
    extremamente:0.4 totalmente:0.3 completamente:0.3 absolutamente:0.4 realmente:0.3 mega:0.35 hiper:0.35
    pouco:-0.4 meio:-0.3 levemente:-0.4 quase:-0.3`,
  postBoosters: `demais:0.4`,
  contrast: `mas porém porem contudo entretanto todavia`,
};

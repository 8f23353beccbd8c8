// Data for telling Latin-script languages apart (see language.ts). For each language:
// - `words`: its most frequent short words (function words, pronouns, everyday social-media words),
//   a word found here is strong evidence;
// - `corpus`: a few hundred words of everyday posts written for this module, from which the character
//   trigram profile is counted at module load (so endings such as -ção, -zione, -heid, -ung, -ción
//   and letters such as ñ, ß, ã, ł, ı, å weigh in for words that are in no list).
// The evaluation posts in fixtures/language-test.json are not taken from here.

export interface LatinLanguageData {
  code: string;
  words: string;
  corpus: string;
}

export const LATIN_LANGUAGES: LatinLanguageData[] = [
  {
    code: "en",
    words: `the a an and or but is are was were be been being am have has had do does did done not no yes
      i you he she it we they me him her us them my your his its our their mine yours this that these those
      what who whom why how when where which there here to of in on at for with from by about as into onto
      just so very really too can could can't cannot couldn't don't doesn't didn't won't wouldn't isn't aren't
      wasn't weren't haven't hasn't i'm it's that's there's you're we're they're i've i'll i'd you'll let's
      would should will shall might must get gets got getting going gonna wanna gotta thanks thank please
      anyone everyone someone something anything nothing everything still again now today tonight tomorrow
      yesterday new good great best bad worst love hate like want need know think see make one all any some
      more most only even ever never always much many than then also after before because if out up down
      over back off right well way time day week year people guys lol omg tbh btw idk ngl smh thx pls plz
      u ur yeah yep nope hey hi hello morning night awesome amazing terrible horrible fix fixed broken
      working works work customer service order still why what's where's who's`,
    corpus: `Just got home after the longest day ever. Honestly I love this little cafe, the staff are always so kind.
      Does anyone know if the train is running on time this morning? My phone died again and I lost all my photos.
      We had such a lovely weekend at the beach with the kids. The new season of the show is out and it's brilliant.
      Can someone from support please look at my ticket, I've been waiting for a week. The game was boring, we
      should have won. I can't believe how expensive everything has become lately. Thank you all for the birthday
      wishes, you made my day. The update broke the notifications on my laptop. Why would they remove the dark
      theme? Looking for a good pizza place near the station, any recommendations? My package was supposed to
      arrive yesterday but nothing yet. This is exactly what I needed, thanks for sharing. The battery drains way
      too fast since the last patch. Our team is growing and we are looking for a designer. Happy to help if you
      have any questions about the event. It worked fine until this morning, now it won't even open. What a great
      concert last night, the crowd was amazing. Please bring back the old layout, nobody asked for this. I'm
      switching providers next month because the signal is awful here. Finally finished the report, time for a
      coffee. The shipping was quick and the quality is better than I expected. They told me to wait another
      three days, seriously? Good luck to everyone taking exams tomorrow. Which one should I buy, the blue or the
      grey? Something is wrong with the checkout page, it keeps loading forever.`,
  },
  {
    code: "es",
    words: `el la los las lo un una unos unas y o pero que de del al en con por para sin sobre entre hasta desde
      es son está están estoy estás estamos era eran fue fueron ser estar ha han he has hemos hay había tengo
      tiene tienen tenemos muy más menos ya todavía aún también tampoco no sí nunca jamás nada algo alguien nadie
      todo toda todos todas mi mis tu tus su sus nuestro nuestra me te se le les nos os yo tú él ella ellos
      ellas nosotros ustedes vosotros qué quién cómo cuándo dónde cuál porque cuando donde como si hoy mañana
      ayer ahora siempre otra otro otros vez veces bien mal bueno buena malo mala mejor peor gracias hola favor
      día días año años hace hacer puedo puede pueden quiero quieres gusta encanta esto eso este esta ese esa
      estos esas aquí allí así pues vale jaja jajaja tan cada muchas mucho muchos poco alguno ningún ninguna
      acabo llevo sé creo porfa xfa oye tío gente cosa nuevo nueva mismo aunque entonces después antes`,
    corpus: `Acabo de llegar a casa después de un día larguísimo. Me encanta esta cafetería, el personal siempre es
      muy amable. ¿Alguien sabe si el tren sale a su hora esta mañana? Se me murió el móvil otra vez y perdí
      todas las fotos. Pasamos un fin de semana precioso en la playa con los niños. Ya salió la nueva temporada
      de la serie y es buenísima. ¿Alguien de soporte puede revisar mi incidencia? Llevo una semana esperando.
      El partido fue aburridísimo, tendríamos que haber ganado. No me puedo creer lo caro que está todo últimamente.
      Gracias a todos por las felicitaciones, me habéis alegrado el día. La actualización rompió las notificaciones
      del portátil. ¿Por qué quitaron el tema oscuro? Busco una pizzería buena cerca de la estación, ¿alguna
      recomendación? Mi paquete tenía que llegar ayer pero nada todavía. Justo lo que necesitaba, gracias por
      compartir. La batería se gasta demasiado rápido desde el último parche. Nuestro equipo crece y buscamos
      diseñadora. Funcionaba bien hasta esta mañana, ahora ni siquiera abre. Qué conciertazo anoche, el público
      estuvo increíble. Por favor volved al diseño anterior, nadie pidió esto. Me cambio de compañía el mes que
      viene porque aquí la cobertura es malísima. Por fin terminé el informe, hora de un café. El envío fue rápido
      y la calidad es mejor de lo que esperaba. ¿Me dicen que espere otros tres días? ¿En serio? Mucha suerte a
      todos los que tienen exámenes mañana. ¿Cuál me compro, el azul o el gris? Algo falla en la página de pago,
      se queda cargando sin parar. Pedí una pizza y llegó fría, qué pena. Estoy encantada con el cambio.`,
  },
  {
    code: "de",
    words: `der die das den dem des ein eine einen einem einer eines und oder aber doch nicht kein keine keinen
      keiner ist sind war waren bin bist hat haben habe hatte hatten wird werden wurde wurden kann können kannst
      muss müssen will wollen soll sollte würde ich du er sie es wir ihr mich mir dich dir uns euch mein meine
      meinen meinem dein deine sein seine ihre unser unsere euer was wer wie wann wo warum welche welcher welches
      dass weil wenn ob als auch noch schon nur sehr so zu mit von für auf bei nach aus über unter vor seit bis
      um durch gegen ohne heute morgen gestern jetzt immer wieder mal hier da dann denn ja nein nie gut schlecht
      danke bitte hallo toll super echt wirklich alles nichts etwas jemand man mehr viel viele ganz gar gerade
      jeden jede jedes diese dieser dieses im am zum zur vom beim ins hab gibt geht gehts mach macht einfach
      leider endlich eigentlich halt grad nochmal bisschen schön neue neuen neues`,
    corpus: `Gerade nach dem längsten Tag überhaupt nach Hause gekommen. Ich mag dieses kleine Café, die Leute sind
      immer so freundlich. Weiß jemand, ob der Zug heute Morgen pünktlich fährt? Mein Handy ist schon wieder
      ausgegangen und alle Fotos sind weg. Wir hatten ein wunderschönes Wochenende am Strand mit den Kindern.
      Die neue Staffel der Serie ist draußen und sie ist großartig. Kann sich bitte jemand vom Support mein Ticket
      anschauen, ich warte seit einer Woche. Das Spiel war langweilig, wir hätten gewinnen müssen. Ich fasse nicht,
      wie teuer alles geworden ist. Danke euch allen für die Glückwünsche, ihr habt meinen Tag gerettet. Das Update
      hat die Benachrichtigungen auf meinem Laptop kaputt gemacht. Warum wurde das dunkle Design entfernt? Suche
      eine gute Pizzeria in der Nähe vom Bahnhof, Empfehlungen? Mein Paket sollte gestern kommen, aber bisher
      nichts. Genau das habe ich gebraucht, danke fürs Teilen. Der Akku ist seit dem letzten Patch viel zu schnell
      leer. Unser Team wächst und wir suchen eine Designerin. Bis heute früh lief alles, jetzt startet die App
      nicht einmal mehr. Was für ein Konzert gestern, die Stimmung war unglaublich. Bitte bringt das alte Layout
      zurück, das hat niemand gewollt. Ich wechsle nächsten Monat den Anbieter, weil der Empfang hier furchtbar
      ist. Endlich den Bericht fertig, Zeit für einen Kaffee. Der Versand war schnell und die Qualität ist besser
      als erwartet. Ich soll noch drei Tage warten, ernsthaft? Viel Glück allen, die morgen Prüfungen schreiben.
      Welches soll ich kaufen, das blaue oder das graue? Irgendwas stimmt mit der Bezahlseite nicht, sie lädt
      ewig. Die Bestellung ist unvollständig und die Rechnung falsch. Tschüss und bis bald.`,
  },
  {
    code: "fr",
    words: `le la les l' un une des du de d' et ou mais donc car que qu' qui quoi ne n' pas plus jamais rien est
      sont était étaient été être avoir ai as a avons avez ont fait faire je j' tu il elle on nous vous ils elles
      me m' te t' se s' moi toi lui leur leurs mon ma mes ton ta tes son sa ses notre votre nos vos ce cet cette
      ces ça c' cela quel quelle quels comment pourquoi quand où si très trop bien mal bon bonne merci bonjour
      salut bonsoir aussi encore toujours déjà aujourd'hui demain hier maintenant ici là avec pour sans sur dans
      par chez vers depuis pendant tout tous toute toutes personne quelqu'un y en au aux vraiment franchement
      svp stp mdr ptdr bref voilà alors peu beaucoup vais va vont peux peut veux veut dois doit suis es sommes
      êtes c'est chaque même autre nouveau nouvelle enfin`,
    corpus: `Je viens de rentrer après une journée interminable. J'adore ce petit café, l'équipe est toujours super
      gentille. Quelqu'un sait si le train part à l'heure ce matin ? Mon téléphone s'est encore éteint et j'ai
      perdu toutes mes photos. On a passé un week-end magnifique à la plage avec les enfants. La nouvelle saison
      de la série est sortie et elle est géniale. Est-ce que quelqu'un du support peut regarder mon ticket, j'attends
      depuis une semaine. Le match était ennuyeux, on aurait dû gagner. Je n'arrive pas à croire à quel point tout
      est devenu cher. Merci à tous pour vos messages d'anniversaire, vous avez illuminé ma journée. La mise à jour
      a cassé les notifications sur mon ordinateur. Pourquoi avoir supprimé le thème sombre ? Je cherche une bonne
      pizzeria près de la gare, des idées ? Mon colis devait arriver hier mais toujours rien. C'est exactement ce
      qu'il me fallait, merci du partage. La batterie se vide beaucoup trop vite depuis le dernier correctif. Notre
      équipe s'agrandit et nous cherchons un graphiste. Ça marchait bien jusqu'à ce matin, maintenant ça ne s'ouvre
      même plus. Quel concert hier soir, le public était incroyable. Remettez l'ancienne interface s'il vous plaît,
      personne n'a demandé ça. Je change d'opérateur le mois prochain parce que le réseau est horrible ici. Enfin
      fini le rapport, l'heure du café. L'envoi était rapide et la qualité est meilleure que prévu. On me dit
      d'attendre encore trois jours, sérieusement ? Bon courage à tous ceux qui passent des examens demain. Lequel
      je prends, le bleu ou le gris ? Il y a un souci avec la page de paiement, elle charge à l'infini. Bisous.`,
  },
  {
    code: "pt",
    words: `o a os as um uma uns umas e ou mas que de do da dos das em no na nos nas num numa com por pelo pela
      pelos para pra pro sem sobre é são está estão estou estava era foi foram ser estar tem têm tenho ter tinha
      tô tá não sim nunca nada algo alguém ninguém tudo todo todos toda todas minha meu meus minhas seu sua seus
      suas você vocês vc vcs eu ele ela nós eles elas me te se lhe isso isto esse essa este esta aquele aquela
      aqui ali lá como quando onde porque porquê quem qual quais muito muita muitos mais menos já ainda também
      hoje amanhã ontem agora sempre bem mal bom boa melhor pior obrigado obrigada olá oi valeu dia dias ano
      anos fazer faz fez quero gosto gente vai vou vamos kkk kkkk rs até desde entre cada mesmo então né cadê
      tipo coisa coisas novo nova depois antes acho aí pq tbm`,
    corpus: `Acabei de chegar em casa depois de um dia longuíssimo. Adoro essa cafeteria, o pessoal é sempre muito
      simpático. Alguém sabe se o trem tá saindo no horário hoje de manhã? Meu celular descarregou de novo e perdi
      todas as fotos. Passamos um fim de semana maravilhoso na praia com as crianças. Saiu a nova temporada da série
      e tá incrível. Alguém do suporte pode olhar meu chamado? Estou esperando há uma semana. O jogo foi chato
      demais, a gente devia ter ganhado. Não acredito como tudo ficou caro ultimamente. Obrigada a todos pelas
      mensagens de aniversário, vocês fizeram meu dia. A atualização quebrou as notificações do notebook. Por que
      tiraram o tema escuro? Procuro uma pizzaria boa perto da estação, alguma indicação? Minha encomenda era pra
      chegar ontem mas até agora nada. Era exatamente o que eu precisava, valeu por compartilhar. A bateria acaba
      muito rápido desde a última correção. Nosso time está crescendo e estamos procurando uma designer. Funcionava
      direitinho até hoje cedo, agora nem abre. Que show ontem à noite, o público estava demais. Por favor voltem
      com o layout antigo, ninguém pediu isso. Vou trocar de operadora mês que vem porque o sinal aqui é péssimo.
      Finalmente terminei o relatório, hora do cafezinho. A entrega foi rápida e a qualidade é melhor do que eu
      esperava. Me mandaram esperar mais três dias, sério? Boa sorte pra todo mundo que tem prova amanhã. Qual eu
      compro, o azul ou o cinza? Tem alguma coisa errada na página de pagamento, fica carregando sem parar. Não
      consigo acessar minha conta, que situação. Beijos e até mais.`,
  },
  {
    code: "it",
    words: `il lo la l' i gli le un uno una un' e o ma che di del della dei delle dello degli dell' in nel nella
      nei nell' con per senza su sul sulla da dal dalla dall' è sono era erano stato stata essere avere ho hai ha
      abbiamo avete hanno non sì mai niente nulla qualcosa qualcuno nessuno tutto tutti tutta tutte mio mia miei
      mie tuo tua suo sua nostro io tu lui lei noi voi loro mi ti si ci vi ne questo questa questi quello quella
      qui qua lì là come quando dove perché chi cosa quale quali molto molta molti più meno già ancora anche oggi
      domani ieri adesso ora sempre nuovo nuova bene male buono buona meglio peggio grazie ciao prego giorno
      giorni anno fare fa faccio voglio piace proprio davvero così poi allora ahah ahahah cioè tra fra ogni c'
      po' boh comunque quindi però dopo prima sto sta stiamo vado va`,
    corpus: `Sono appena tornato a casa dopo una giornata infinita. Adoro questo piccolo bar, il personale è sempre
      gentilissimo. Qualcuno sa se il treno parte in orario stamattina? Il telefono si è spento di nuovo e ho perso
      tutte le foto. Abbiamo passato un fine settimana meraviglioso al mare con i bambini. È uscita la nuova
      stagione della serie ed è fantastica. Qualcuno dell'assistenza può controllare il mio ticket? Aspetto da una
      settimana. La partita è stata noiosa, dovevamo vincere noi. Non ci credo quanto sia diventato tutto caro.
      Grazie a tutti per gli auguri, mi avete reso felice. L'aggiornamento ha rotto le notifiche sul portatile.
      Perché avete tolto il tema scuro? Cerco una buona pizzeria vicino alla stazione, consigli? Il pacco doveva
      arrivare ieri ma ancora niente. Era proprio quello che mi serviva, grazie per la condivisione. La batteria si
      scarica troppo in fretta dall'ultima patch. Il nostro team cresce e cerchiamo una grafica. Funzionava bene
      fino a stamattina, adesso non si apre neanche. Che concerto ieri sera, il pubblico era incredibile. Per
      favore rimettete la vecchia grafica, nessuno l'ha chiesto. Il mese prossimo cambio gestore perché qui il
      segnale è pessimo. Finalmente ho finito la relazione, è ora di un caffè. La spedizione è stata veloce e la
      qualità è migliore di quanto pensassi. Mi dicono di aspettare altri tre giorni, sul serio? In bocca al lupo
      a tutti quelli che hanno gli esami domani. Quale compro, quello blu o quello grigio? C'è qualcosa che non va
      nella pagina di pagamento, continua a caricare. Un abbraccio e a presto.`,
  },
  {
    code: "nl",
    words: `de het een en of maar dat die dit deze wat wie hoe waarom wanneer waar welke welk niet geen nooit is
      zijn was waren ben bent heb hebt heeft hebben had hadden wordt worden werd kan kun kunt kunnen moet moeten
      wil wilt willen zou zal ik jij je u hij zij ze wij we jullie mij me mijn jouw haar ons onze hun van in op
      met voor naar bij uit aan over door tot om zonder tegen na al nog ook wel heel erg zo te er hier daar nu
      vandaag morgen gisteren altijd weer even gewoon echt goed slecht dank bedankt alsjeblieft alstublieft graag
      hoi hallo doei niks iets iemand niemand alles veel meer toch dan als omdat want dus nieuwe nieuw mooi leuk
      lekker eindelijk helemaal gaat ga gaan doet doen krijg kreeg zit zitten jammer hè`,
    corpus: `Net thuis na de langste dag ooit. Ik vind dit kleine café geweldig, het personeel is altijd zo aardig.
      Weet iemand of de trein vanochtend op tijd rijdt? Mijn telefoon viel weer uit en ik ben al mijn foto's kwijt.
      We hebben een heerlijk weekend aan het strand gehad met de kinderen. Het nieuwe seizoen van de serie is uit
      en het is fantastisch. Kan iemand van support naar mijn ticket kijken, ik wacht al een week. De wedstrijd was
      saai, we hadden moeten winnen. Ik snap niet hoe duur alles is geworden. Bedankt allemaal voor de felicitaties,
      jullie hebben mijn dag goedgemaakt. De update heeft de meldingen op mijn laptop kapotgemaakt. Waarom is het
      donkere thema weggehaald? Op zoek naar een goede pizzeria bij het station, tips? Mijn pakketje zou gisteren
      komen maar nog steeds niks. Precies wat ik nodig had, bedankt voor het delen. De batterij loopt sinds de
      laatste patch veel te snel leeg. Ons team groeit en we zoeken een ontwerper. Het werkte prima tot vanochtend,
      nu opent hij niet eens meer. Wat een concert gisteravond, het publiek was ongelofelijk. Breng alsjeblieft de
      oude indeling terug, niemand heeft hierom gevraagd. Ik stap volgende maand over naar een andere provider
      omdat het bereik hier verschrikkelijk is. Eindelijk het verslag af, tijd voor koffie. De verzending was snel
      en de kwaliteit is beter dan ik dacht. Ze zeggen dat ik nog drie dagen moet wachten, serieus? Succes
      iedereen met de tentamens morgen. Welke moet ik kopen, de blauwe of de grijze? Er klopt iets niet met de
      betaalpagina, hij blijft maar laden. Groetjes en tot snel.`,
  },
  {
    code: "tr",
    words: `ve ile bir bu şu o da de ki mi mı mu mü ne için gibi kadar çok daha en ama fakat ben sen biz siz onlar
      benim senin bizim bana sana var yok değil evet hayır neden niye nasıl nerede kim hangi şimdi bugün yarın
      dün hep yine tekrar her hiç bütün teşekkürler teşekkür ederim lütfen merhaba selam iyi kötü güzel harika
      oldu olur olmuş ediyorum ediyor yapıyor istiyorum sonra önce artık hala hâlâ bile diye bence yani abi
      kardeşim tamam bunu şunu onu beni seni`,
    corpus: `En uzun günün ardından eve yeni geldim. Bu küçük kafeye bayılıyorum, çalışanlar her zaman çok nazik.
      Tren bu sabah zamanında kalkıyor mu bilen var mı? Telefonum yine kapandı ve bütün fotoğraflarım gitti.
      Çocuklarla sahilde harika bir hafta sonu geçirdik. Dizinin yeni sezonu çıktı ve çok iyi. Destekten biri
      talebime bakabilir mi, bir haftadır bekliyorum. Maç çok sıkıcıydı, kazanmamız gerekirdi. Her şeyin bu kadar
      pahalı olmasına inanamıyorum. Doğum günü mesajları için herkese teşekkürler, günümü güzelleştirdiniz.
      Güncelleme dizüstü bilgisayarımdaki bildirimleri bozdu. Karanlık temayı neden kaldırdınız? İstasyonun
      yakınında güzel bir pizzacı arıyorum, önerisi olan? Kargom dün gelmeliydi ama hâlâ ortada yok. Tam da
      ihtiyacım olan şeydi, paylaştığın için sağ ol. Son yamadan beri pil çok hızlı bitiyor. Ekibimiz büyüyor ve
      tasarımcı arıyoruz. Bu sabaha kadar sorunsuz çalışıyordu, şimdi açılmıyor bile. Dün geceki konser
      muhteşemdi, seyirciler inanılmazdı. Lütfen eski tasarımı geri getirin, kimse bunu istemedi. Burada çekim
      berbat olduğu için gelecek ay operatör değiştiriyorum. Sonunda raporu bitirdim, kahve zamanı. Kargo hızlıydı
      ve kalite beklediğimden iyi. Üç gün daha beklememi söylediler, ciddi misiniz? Yarın sınava girecek herkese
      başarılar. Hangisini alayım, mavi mi gri mi? Ödeme sayfasında bir sorun var, sürekli yükleniyor.`,
  },
  {
    code: "pl",
    words: `i a w z na do nie się to że jak jest są był była było były być mam ma mamy macie mają ja ty on ona ono
      my wy oni mnie mi ciebie ci go jej mu mój moja moje mojego twój twoja jego nasz nasza wasz ten ta te tego
      tej tym co kto gdzie kiedy dlaczego czemu jaki jaka jakie który która które czy już jeszcze też tylko
      bardzo więcej mniej dziś dzisiaj jutro wczoraj teraz zawsze nigdy znowu znów dobrze źle dobry dobra dobre
      dzięki dziękuję proszę cześć hej bo ale albo więc od po przez przy dla bez za pod nad ze we tak serio
      jakoś coś nic ktoś wszystko wszyscy`,
    corpus: `Właśnie wróciłam do domu po najdłuższym dniu w historii. Uwielbiam tę małą kawiarnię, obsługa jest
      zawsze bardzo miła. Czy ktoś wie, czy pociąg jedzie dziś rano zgodnie z rozkładem? Telefon znowu mi się
      wyłączył i straciłem wszystkie zdjęcia. Spędziliśmy cudowny weekend nad morzem z dziećmi. Wyszedł nowy sezon
      serialu i jest rewelacyjny. Czy ktoś z obsługi może spojrzeć na moje zgłoszenie, czekam od tygodnia. Mecz był
      nudny, powinniśmy byli wygrać. Nie mogę uwierzyć, jak wszystko podrożało. Dziękuję wszystkim za życzenia
      urodzinowe, poprawiliście mi dzień. Aktualizacja zepsuła powiadomienia na laptopie. Dlaczego usunęliście
      ciemny motyw? Szukam dobrej pizzerii w pobliżu dworca, polecacie coś? Paczka miała przyjść wczoraj, a nadal
      nic. Dokładnie tego potrzebowałam, dzięki za udostępnienie. Bateria rozładowuje się za szybko od ostatniej
      poprawki. Nasz zespół rośnie i szukamy projektanta. Działało dobrze do rana, a teraz nawet się nie otwiera.
      Co za koncert wczoraj, publiczność była niesamowita. Przywróćcie proszę stary wygląd, nikt o to nie prosił.
      W przyszłym miesiącu zmieniam operatora, bo zasięg jest tu fatalny. Wreszcie skończyłem raport, czas na
      kawę. Wysyłka była szybka, a jakość lepsza, niż się spodziewałem. Każą mi czekać jeszcze trzy dni, serio?
      Powodzenia wszystkim, którzy jutro piszą egzaminy. Który kupić, niebieski czy szary? Coś jest nie tak ze
      stroną płatności, ciągle się ładuje.`,
  },
  {
    code: "sv",
    words: `och i att det som en ett är var har hade inte jag du han hon vi ni de dem mig dig sig oss min mitt mina
      din ditt sin sitt vår vårt er deras den detta dessa vad vem hur varför när vilken vilket vilka med på för av
      till från om ut upp över under efter innan utan mot kan ska skulle vill måste får bara också så mycket mer
      mest redan fortfarande nu idag imorgon igår alltid aldrig igen bra dålig tack hej snälla inget ingen någon
      något allt alla här där men eller eftersom jättebra typ ju väl nya ny också`,
    corpus: `Kom precis hem efter den längsta dagen någonsin. Jag älskar det här lilla kaféet, personalen är alltid
      så trevlig. Vet någon om tåget går i tid i morse? Telefonen dog igen och jag förlorade alla mina bilder. Vi
      hade en underbar helg på stranden med barnen. Nya säsongen av serien är ute och den är fantastisk. Kan någon
      från supporten titta på mitt ärende, jag har väntat i en vecka. Matchen var tråkig, vi borde ha vunnit. Jag
      fattar inte hur dyrt allt har blivit. Tack alla för grattisen, ni gjorde min dag. Uppdateringen förstörde
      aviseringarna på min dator. Varför tog ni bort det mörka temat? Letar efter en bra pizzeria nära stationen,
      några tips? Paketet skulle komma igår men fortfarande ingenting. Precis vad jag behövde, tack för att du
      delade. Batteriet tar slut alldeles för snabbt sedan senaste uppdateringen. Vårt team växer och vi söker en
      designer. Det fungerade fint till i morse, nu startar den inte ens. Vilken konsert igår, publiken var
      otrolig. Snälla ta tillbaka den gamla layouten, ingen bad om det här. Jag byter operatör nästa månad
      eftersom täckningen är usel här. Äntligen klar med rapporten, dags för kaffe. Leveransen gick snabbt och
      kvaliteten är bättre än väntat. De säger att jag ska vänta tre dagar till, på riktigt? Lycka till alla som
      skriver prov imorgon. Vilken ska jag köpa, den blå eller den grå? Något är fel med betalsidan, den laddar
      hela tiden.`,
  },
];

/**
 * Letters with diacritics and the Latin-script languages (of those above) that use them. A letter that a
 * language never uses counts heavily against it: "ñ" rules out everything but Spanish.
 */
export const DIACRITIC_LANGUAGES: Record<string, string> = {
  ñ: "es",
  á: "es pt",
  í: "es pt it",
  ó: "es pt pl it",
  ú: "es pt",
  é: "es fr pt it nl sv",
  ü: "de tr es",
  ä: "de sv",
  ö: "de sv tr",
  ß: "de",
  à: "fr it pt",
  è: "fr it nl",
  ì: "it",
  ò: "it",
  ù: "fr it",
  â: "fr pt tr",
  ê: "fr pt",
  î: "fr tr",
  ô: "fr pt",
  û: "fr tr",
  ë: "fr nl",
  ï: "fr nl",
  ÿ: "fr",
  œ: "fr",
  æ: "",
  ç: "fr pt tr",
  ã: "pt",
  õ: "pt",
  å: "sv",
  ø: "",
  ğ: "tr",
  ı: "tr",
  ş: "tr",
  ł: "pl",
  ą: "pl",
  ę: "pl",
  ś: "pl",
  ć: "pl",
  ź: "pl",
  ż: "pl",
  ń: "pl",
};

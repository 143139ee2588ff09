import {
  type OpeningHours,
  type OptionKey,
  type OptionValues,
  PAYMENT_TYPE_LABELS,
  type PrivacyConsentDefinition,
  type Promotion,
  type ShippingConfigurations,
  shopDefaultMessages,
} from '@farmacia/contract';
import type { FastifyInstance } from 'fastify';
import { pngOf } from '../../modules/catalogue/index.js';
import { type Artwork, promotionSvg, SLIDE_PNG_WIDTH, slideSvg } from '../../modules/shops/index.js';
import { renderLogoPng } from '../../modules/shops/index.js';
import { setShopContent, setShopMedia, setShopOption } from '../../modules/shops/index.js';
import { mediaFile, shopColor } from '../../modules/shops/index.js';
import { nowIso } from '../column.js';

/**
 * Options, content pages and images of the two demo pharmacies: every option key of spec §3
 * and every content key, with realistic Italian values. `turni` and `volantino` (PDFs) are left
 * to the module that serves PDFs.
 */

interface DemoShop {
  id: number;
  name: string;
}

interface ShopProfile {
  city: string;
  address: string;
  legalName: string;
  vat: string;
  phone: string;
  whatsapp: string;
  domain: string;
  hours: OpeningHours;
  vendingMachine: boolean;
  localDelivery: string;
  /** The seller's legal identity (issue 15, decision 0405): shops columns of migration 0100. */
  legal: {
    responsible_pharmacist: string;
    pharmacist_registration: string;
    ministry_authorization_code: string;
    ministry_authorization_date: string;
  };
}

const WEEK_LABELS = ['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica'];
const week = (byDay: Array<Array<[string, string]>>) =>
  byDay.map((intervals, i) => ({ day: i + 1, label: WEEK_LABELS[i] as string, intervals: intervals.map(([from, to]) => ({ from, to })) }));

const PROFILES: ShopProfile[] = [
  {
    city: 'Padova',
    address: 'Via Roma 12, 35122 Padova (PD)',
    legalName: 'Farmacia San Marco S.n.c. di Luca Bianchi & C.',
    vat: '01234567897',
    phone: '049 875 1234',
    whatsapp: '393331112233',
    domain: 'farmaciasanmarco.demo',
    hours: {
      timezone: 'Europe/Rome',
      text: 'Lun–Ven 8:30–12:30 e 15:30–19:30 · Sab 8:30–12:30 · Dom chiuso',
      week: week([
        [['08:30', '12:30'], ['15:30', '19:30']],
        [['08:30', '12:30'], ['15:30', '19:30']],
        [['08:30', '12:30'], ['15:30', '19:30']],
        [['08:30', '12:30'], ['15:30', '19:30']],
        [['08:30', '12:30'], ['15:30', '19:30']],
        [['08:30', '12:30']],
        [],
      ]),
    },
    vendingMachine: true,
    localDelivery: 'Consegna della farmacia in giornata (Padova)',
    legal: {
      responsible_pharmacist: 'Dott. Luca Bianchi',
      pharmacist_registration: 'Ordine dei Farmacisti della Provincia di Padova n. 2871',
      ministry_authorization_code: 'IT-FARM-000123',
      ministry_authorization_date: '2023-05-18',
    },
  },
  {
    city: 'Torino',
    address: 'Corso Vittorio Emanuele II 45, 10125 Torino (TO)',
    legalName: 'Farmacia Centrale S.r.l.',
    vat: '09876543217',
    phone: '011 562 3344',
    whatsapp: '393334445566',
    domain: 'farmaciacentrale.demo',
    hours: {
      timezone: 'Europe/Rome',
      text: 'Lun–Sab 8:00–20:00 orario continuato · Dom 9:00–13:00',
      week: week([
        [['08:00', '20:00']],
        [['08:00', '20:00']],
        [['08:00', '20:00']],
        [['08:00', '20:00']],
        [['08:00', '20:00']],
        [['08:00', '20:00']],
        [['09:00', '13:00']],
      ]),
    },
    vendingMachine: false,
    localDelivery: 'Consegna della farmacia in giornata (Torino centro)',
    legal: {
      responsible_pharmacist: 'Dott.ssa Chiara Ferrero',
      pharmacist_registration: 'Ordine dei Farmacisti della Provincia di Torino n. 6154',
      ministry_authorization_code: 'IT-FARM-000124',
      ministry_authorization_date: '2024-02-07',
    },
  },
];

const SLIDES: Array<Artwork & { url: string }> = [
  {
    title: 'Misura la pressione',
    subtitle: 'Gratis ogni martedì e giovedì mattina',
    from: '#0a7d4f',
    to: '#14b8a6',
    icon: 'heart',
    url: '/app/services',
  },
  {
    title: 'La tua ricetta in app',
    subtitle: 'Invia il codice NRE e ritira senza attese',
    from: '#1d4ed8',
    to: '#38bdf8',
    icon: 'cross',
    url: '/app/prescription',
  },
  {
    title: 'Estate al sicuro',
    subtitle: '-20% sulle protezioni solari',
    from: '#ea580c',
    to: '#facc15',
    icon: 'sun',
    url: '/app/promotions',
  },
];

const PROMOTIONS: Array<Omit<Promotion, 'id' | 'image' | 'valid_from' | 'valid_to'> & { art: Artwork; days: number }> = [
  {
    title: 'Protezione solare -20%',
    description: 'Sconto del 20% su tutte le creme e gli spray solari per adulti e bambini.',
    url: '/app/search?q=solare',
    days: 45,
    art: { title: 'Protezione solare', subtitle: '-20%', from: '#ea580c', to: '#facc15', icon: 'sun' },
  },
  {
    title: 'Integratori 3x2',
    description: 'Prendi 3 confezioni di magnesio e potassio e paghi solo le 2 meno care.',
    url: '/app/search?q=magnesio',
    days: 30,
    art: { title: 'Integratori', subtitle: '3x2', from: '#7a3e9d', to: '#c084fc', icon: 'leaf' },
  },
  {
    title: 'Check-up cuore',
    description: 'Misurazione della pressione ed elettrocardiogramma a prezzo speciale su prenotazione.',
    url: '/app/services',
    days: 60,
    art: { title: 'Check-up cuore', subtitle: 'Prenota ora', from: '#be123c', to: '#fb7185', icon: 'heart' },
  },
];

const PRIVACY_CONSENTS: PrivacyConsentDefinition[] = [
  {
    key: 'privacy1',
    // The same mandatory consent a new shop gets: health data have their own (decision 0695).
    label: shopDefaultMessages.privacyConsent,
    mandatory: true,
    link: '/app/privacy',
  },
  {
    key: 'privacy2',
    label: 'Acconsento a ricevere comunicazioni promozionali della farmacia via email, SMS e notifiche.',
    mandatory: false,
    link: null,
  },
  {
    key: 'privacy3',
    label: "Acconsento all'analisi delle mie preferenze di acquisto per ricevere offerte personalizzate.",
    mandatory: false,
    link: null,
  },
];

function shippingConfigurations(profile: ShopProfile): ShippingConfigurations {
  const all = ['inShop', 'vendingMachine', 'pickupPoint', 'address'] as const;
  return {
    deliveryTypes: {
      inShop: {
        enabled: true,
        label: shopDefaultMessages.delivery.inShop,
        methods: [{ type: 'inShop', label: shopDefaultMessages.delivery.inShopMethod, price: 0, free_above: null }],
      },
      vendingMachine: {
        enabled: profile.vendingMachine,
        label: shopDefaultMessages.delivery.vendingMachine,
        methods: [{ type: 'vendingMachine', label: 'Distributore automatico H24', price: 1.5, free_above: 30 }],
      },
      pickupPoint: {
        enabled: true,
        label: shopDefaultMessages.delivery.pickupPoint,
        methods: [{ type: 'pickupPoint', label: 'Consegna al punto di ritiro', price: 3.9, free_above: 49 }],
      },
      address: {
        enabled: true,
        label: shopDefaultMessages.delivery.address,
        methods: [
          { type: 'pharmacyDelivery', label: profile.localDelivery, price: 3.5, free_above: 35 },
          { type: 'courier', label: 'Corriere espresso (24/48 ore)', price: 5.9, free_above: 59 },
        ],
      },
    },
    paymentTypes: {
      payInShop: {
        label: PAYMENT_TYPE_LABELS.payInShop,
        description: shopDefaultMessages.payInShop,
        shippingTypes: ['inShop'],
      },
      cashOnDelivery: {
        label: PAYMENT_TYPE_LABELS.cashOnDelivery,
        description: 'Paghi al corriere alla consegna, in contanti o con carta.',
        shippingTypes: ['address'],
      },
      payOnline: {
        label: PAYMENT_TYPE_LABELS.payOnline,
        description: "Paghi con carta di credito o debito dopo la conferma dell'ordine da parte del farmacista.",
        shippingTypes: [...all],
      },
      nexi: {
        label: PAYMENT_TYPE_LABELS.nexi,
        description: 'Paghi sulla pagina sicura di Nexi XPay.',
        shippingTypes: [...all],
      },
      paypal: {
        label: PAYMENT_TYPE_LABELS.paypal,
        description: 'Paghi con il tuo conto PayPal.',
        shippingTypes: [...all],
      },
    },
  };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function optionsFor(shop: DemoShop, profile: ShopProfile): OptionValues {
  const media = (name: string) => `/api/media/${shop.id}/${name}`;
  const today = new Date();
  const daysFrom = (n: number) => isoDay(new Date(today.getTime() + n * 86_400_000));
  return {
    shop_name: shop.name,
    call_number: profile.phone,
    whatsapp_number: profile.whatsapp,
    whatsapp_text: `Buongiorno ${shop.name}, vorrei un'informazione.`,
    open_on: profile.hours,
    chatbot: '1',
    galenica: '1',
    // PDFs of shifts and flyer are published by the module that serves PDFs (turni, volantino).
    turni: '',
    volantino: '',
    promotions: PROMOTIONS.map((p, i) => ({
      id: i + 1,
      title: p.title,
      description: p.description,
      image: media(`promo-${i + 1}.svg`),
      valid_from: daysFrom(-7),
      valid_to: daysFrom(p.days),
      url: p.url,
    })),
    ecommerce_link: `https://shop.${profile.domain}`,
    ecommerce_logo: media('ecommerce.svg'),
    // Ids of the bookable services the bookings module seeds (1–3), with their names.
    select_service: [
      { id: 1, name: 'Misurazione della pressione' },
      { id: 2, name: 'Elettrocardiogramma' },
      { id: 3, name: 'Test della glicemia' },
    ],
    slides_image: SLIDES.map((s, i) => ({ image: media(`slide-${i + 1}.png`), url: s.url, alt: `${s.title}: ${s.subtitle}` })),
    cart_note:
      'I medicinali con obbligo di ricetta vengono preparati dopo la verifica della ricetta da parte del farmacista. Ti confermeremo prezzi e disponibilità prima del pagamento.',
    order_shipping_configurations: shippingConfigurations(profile),
    privacycheck: PRIVACY_CONSENTS,
    prescription_staff_delivery: '0',
  };
}

function contentsFor(shop: DemoShop, profile: ShopProfile): Record<string, string> {
  const faq: Array<[string, string]> = [
    [
      'Come invio una ricetta elettronica?',
      'Dal carrello scegli <em>Aggiungi ricetta</em>, inserisci il codice NRE che trovi sul promemoria del medico (15 caratteri) e il codice fiscale del paziente. Ti avviseremo quando i farmaci saranno pronti.',
    ],
    [
      'Posso ritirare i farmaci senza fare la coda?',
      'Sì: quando il tuo ordine è pronto ricevi una notifica e puoi ritirarlo al banco dedicato al ritiro degli ordini in app, senza attese.',
    ],
    [
      'Quali sono gli orari della farmacia?',
      `${profile.hours.text}. Fuori orario consulta la pagina <a href="/app/shift">Turni</a> per la farmacia di turno più vicina.`,
    ],
    [
      'Effettuate consegne a domicilio?',
      'Sì, consegniamo i prodotti da banco e i parafarmaci a domicilio e nei punti di ritiro convenzionati. I medicinali con obbligo di ricetta si ritirano in farmacia.',
    ],
    [
      'Come prenoto un servizio, ad esempio la misurazione della pressione?',
      'Apri <a href="/app/services">Prenota un Servizio</a>, scegli il servizio, il giorno e l\'orario che preferisci e conferma. Puoi annullare la prenotazione dalla sezione Prenotazioni.',
    ],
    [
      'Come funziona la Carta Fedeltà?',
      'Ogni acquisto completato ti fa guadagnare punti sulla carta, tranne i medicinali (la legge lo vieta). Mostra il codice a barre della carta in farmacia per usarla anche al banco.',
    ],
    [
      'Posso chiedere una preparazione galenica?',
      'Sì, dalla sezione <em>Galenica</em> descrivi la preparazione e allega la ricetta o una foto: il farmacista ti ricontatterà con tempi e costo.',
    ],
    [
      'Come posso pagare?',
      'Puoi pagare in farmacia al ritiro, alla consegna, oppure online con carta o PayPal dopo che il farmacista ha confermato l\'ordine.',
    ],
  ];
  const faqHtml = faq.map(([q, a]) => `<h3>${q}</h3>\n<p>${a}</p>`).join('\n');
  return {
    faq: `<h2>Domande frequenti</h2>\n${faqHtml}`,
    privacy: `<h2>Informativa sul trattamento dei dati personali</h2>
<p>Ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR), ${profile.legalName}, con sede in ${profile.address}, P.IVA ${profile.vat}, in qualità di titolare del trattamento, informa gli utenti dell'applicazione su come tratta i loro dati.</p>
<h3>Dati trattati</h3>
<p>Dati anagrafici e di contatto (nome, email, telefono, codice fiscale, indirizzi), dati relativi agli ordini e alle prenotazioni e, quando invii ricette o richieste, dati relativi alla salute (art. 9 GDPR).</p>
<h3>Finalità e basi giuridiche</h3>
<ul>
<li>Gestione dell'account, degli ordini, delle ricette e delle prenotazioni: esecuzione del contratto e consenso esplicito per i dati sanitari.</li>
<li>Adempimenti di legge (fiscali, sanitari, farmacovigilanza): obbligo legale.</li>
<li>Comunicazioni promozionali e offerte personalizzate: solo con il tuo consenso, revocabile in ogni momento.</li>
</ul>
<h3>Conservazione</h3>
<p>I dati sono conservati per la durata dell'account e, per gli obblighi di legge, fino a 10 anni. Ricette e foto dei prodotti sono cifrate e accessibili solo a te e ai farmacisti della farmacia.</p>
<h3>Diritti</h3>
<p>Puoi chiedere accesso, rettifica, cancellazione, limitazione, portabilità e opporti al trattamento scrivendo a privacy@${profile.domain}. Puoi proporre reclamo al Garante per la protezione dei dati personali.</p>`,
    tos: `<h2>Termini d'utilizzo</h2>
<p>L'applicazione è offerta da ${profile.legalName} ai propri clienti per consultare il catalogo, inviare richieste e ricette, effettuare ordini e prenotare servizi.</p>
<h3>Ordini</h3>
<p>Ogni ordine è una richiesta al farmacista, che verifica disponibilità, ricette e prezzi e la conferma prima del pagamento. I medicinali con obbligo di prescrizione non sono venduti a distanza: vengono preparati su ricetta e consegnati secondo la normativa vigente.</p>
<h3>Prenotazioni</h3>
<p>Le prenotazioni dei servizi possono essere annullate dall'app entro i termini indicati per ciascun servizio.</p>
<h3>Responsabilità</h3>
<p>Le informazioni sui prodotti hanno scopo informativo e non sostituiscono il parere del medico o del farmacista.</p>
<h3>Recesso</h3>
<p>Per i prodotti acquistati online che non siano medicinali è possibile esercitare il diritto di recesso entro 14 giorni dalla consegna, secondo il Codice del Consumo.</p>`,
    privacycheck: `<p>Per continuare a usare l'app di ${shop.name} leggi l'<a href="/app/privacy">informativa privacy</a> e i <a href="/app/tos">termini d'utilizzo</a> aggiornati e conferma i tuoi consensi. Il primo consenso è necessario per gestire ordini, ricette e prenotazioni.</p>`,
    thankyou_note: `<p>Grazie per la tua richiesta! Il farmacista di ${shop.name} la sta verificando: riceverai una notifica quando l'ordine sarà pronto per la conferma.</p>`,
    orderconfirmed_note: `<p>Il tuo ordine è confermato. Ti avviseremo quando sarà pronto per il ritiro o in consegna. Per qualsiasi domanda chiamaci al ${profile.phone}.</p>`,
    shop_name: `<p><strong>${shop.name}</strong></p>`,
    shop_legal: `<p>${profile.legalName}<br>P.IVA ${profile.vat}<br>${profile.address}</p>`,
    shop_url: `<p><a href="https://www.${profile.domain}" target="_blank">www.${profile.domain}</a></p>`,
  };
}

function ecommerceSvg(name: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="96" viewBox="0 0 320 96" role="img" aria-label="Shop online ${name}">
<rect width="320" height="96" rx="16" fill="#0a7d4f"/>
<path d="M34 30h10l8 30h32l6-22H50" fill="none" stroke="#fff" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"/>
<circle cx="56" cy="70" r="5" fill="#fff"/><circle cx="80" cy="70" r="5" fill="#fff"/>
<text x="110" y="58" font-family="Arial,Helvetica,sans-serif" font-size="26" font-weight="700" fill="#fff">Shop online</text>
</svg>`;
}

export async function seedShopSettings(app: FastifyInstance, shops: DemoShop[]): Promise<void> {
  const at = nowIso();
  // Drawn before the transaction, which would otherwise hold the database while resvg works.
  const slides = await Promise.all(shops.map((shop) => Promise.all(SLIDES.map((s) => pngOf(slideSvg(s, shop.name), SLIDE_PNG_WIDTH)))));
  await app.db.transaction().execute(async (trx) => {
    for (const [index, shop] of shops.entries()) {
      const profile = PROFILES[index % PROFILES.length] as ShopProfile;
      const options = optionsFor(shop, profile);
      for (const key of Object.keys(options) as OptionKey[]) {
        const value = options[key];
        if (value === '') continue;
        await setShopOption(trx, shop.id, key, typeof value === 'string' ? value : JSON.stringify(value), at);
      }
      for (const [key, html] of Object.entries(contentsFor(shop, profile))) await setShopContent(trx, shop.id, key, html, at);
      await trx
        .updateTable('shops')
        .set({
          ...profile.legal,
          legal_name: profile.legalName,
          vat_number: profile.vat,
          registered_office: profile.address,
          // The Ministry's search of authorised online pharmacies (the demo shops are not in it).
          ministry_list_url: 'https://www.salute.gov.it/LogoCommercioElettronico/CercaSitoEComm',
          // The contacts the accessibility statement gives for feedback.
          phone: profile.phone,
          email: `info@${profile.domain}`,
        })
        .where('id', '=', shop.id)
        .execute();

      const files: Array<[string, ReturnType<typeof mediaFile>]> = [
        ['logo.png', mediaFile('image/png', renderLogoPng(shopColor(shop.id)))],
        ['ecommerce.svg', mediaFile('image/svg+xml', Buffer.from(ecommerceSvg(shop.name)))],
        ...(slides[index] ?? []).map((png, i): [string, ReturnType<typeof mediaFile>] => [`slide-${i + 1}.png`, mediaFile('image/png', png)]),
        ...PROMOTIONS.map((p, i): [string, ReturnType<typeof mediaFile>] => [
          `promo-${i + 1}.svg`,
          mediaFile('image/svg+xml', Buffer.from(promotionSvg(p.art))),
        ]),
      ];
      for (const [name, file] of files) {
        await setShopMedia(trx, {
          shop_id: shop.id,
          name,
          content_type: file.contentType,
          data_base64: file.bytes.toString('base64'),
          etag: file.etag,
          updated_at: at,
        });
      }
    }
  });
}

import type { Currency } from "../rules/billing.ts";

/** Copy: affiliates (AFF-01…18, XCUT-26/36). Part of the one catalogue in ../copy.ts. The seeds give the quoted lines. */
export const affiliatesCopy = {
  affiliates: {
    // AFF-10, AFF-11: the tiles, exactly.
    tiles: {
      referrals: "Your Referrals",
      assets: "Media Assets",
      terms: "Commission Terms",
      profile: "Personal Profile",
      login: "Login Details",
      payment: "Payment Details",
    },
    welcome: (firstName: string) => `Welcome ${firstName}`,
    intro: "Share your partner link. Every customer who signs up through it earns you commission.",
    linkHeading: "Your partner link",
    copyLink: "Copy link",
    // REF-03's words, for the affiliate link too.
    linkCopied: "Link copied to clipboard",
    createAccount: {
      title: "Become a Doorstep affiliate",
      pitch: "Earn 25% commission on every customer you refer.",
      submit: "Create affiliate account",
    },
    partner: {
      // AFF-07: the trial start page.
      cta: "Start your free trial",
      logoAlt: (name: string) => `${name} logo`,
      recommendedBy: (name: string) => `Recommended by ${name}`,
      defaultTitle: "Digital guidebooks for your guests",
      defaultDescription:
        "Doorstep puts everything your guests need in one place: check-in, house rules, Wi-Fi and local tips.",
    },
    stats: {
      title: "Your Referrals",
      linkClicks: "Link clicks",
      trialsStarted: "Trials started",
      payingCustomers: "Paying customers",
      earned: "Commission earned",
      pending: "Commission pending",
      payable: "Commission payable",
      paid: "Commission paid",
      tableHeading: "Referred customers",
      signUpMonth: "Signed up",
      status: "Status",
      commission: "Commission",
      empty: "No referred customers yet. Share your partner link to get started.",
      none: "—",
    },
    // AFF-13, exactly as the terms state them.
    terms: {
      title: "Commission Terms",
      items: [
        "You earn 25% commission on the subscription payments of every customer you refer.",
        "The referred customer must hold a paid subscription for at least 35 days.",
        "Rewards must be claimed within 90 days.",
        "Several properties count as one referred customer.",
        "There is no cap on your earnings.",
      ],
      payout: "Commission is paid monthly by PayPal in your payment currency.",
    },
    payment: {
      title: "Payment Details",
      currency: "Payment currency",
      payPalEmail: "PayPal email",
      notSet: "Not set",
      masterOnly: "Only the account owner can change payment details.",
      invalidEmail: "Please enter a valid email address and try again.",
      currencies: { usd: "USD ($)", gbp: "GBP (£)", eur: "EUR (€)", aud: "AUD (A$)" } satisfies Record<
        Currency,
        string
      >,
    },
    assets: {
      title: "Media Assets",
      logo: "Logo",
      downloadLogo: "Download logo",
      logoAlt: "Doorstep logo",
      shortDescription: "Short description",
      longDescription: "Long description",
      testimonials: "Testimonials",
      defaults: {
        shortDescription: "Doorstep: digital guidebooks for holiday rentals.",
        longDescription:
          "Doorstep gives holiday rental hosts a digital guidebook for every property: check-in instructions, house rules, Wi-Fi, local recommendations and guest messaging, in one link guests open on their phone.",
        testimonials: [] as string[],
      },
    },
  },
} as const;

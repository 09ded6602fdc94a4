/** Copy: the stay guide a guest opens from their own link (English; the guide's catalogue translates it). */
export const guestStayCopy = {
  guestStay: {
    welcome: (name: string) => `Welcome, ${name}`,
    checkIn: "Check-in",
    checkOut: "Check-out",
    revealOn: (date: string) => `Your door code and other details appear here on ${date}`,
    ended: "Your stay has ended. We hope you enjoyed it.",
    inactive: "This link is no longer active.",
    inactiveHint: "Please contact your host if you think this is a mistake.",
    restricted: "Shown to booked guests during their stay",
    doorCode: "Door code",
    emailSubject: (title: string) => `Your guide to ${title}`,
    emailIntro: (name: string, title: string) =>
      `Hi ${name}, here is your own guide to ${title}. Your door code and other details appear in it shortly before you arrive.`,
    emailButton: "Open your guide",
    // Scheduled messages' emails (decision 050): one-click unsubscribe for this stay.
    unsubscribeLink: "Unsubscribe from these messages",
    unsubscribeButton: "Unsubscribe",
    unsubscribeAsk: "Stop the messages about this stay?",
    unsubscribed: "Done: you will get no more messages about this stay.",
  },
} as const;

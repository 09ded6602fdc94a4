/** Scheduled guest messages (decision 050). Labels the issue quotes are as given; the rest is ours. */
export const scheduledMessagesCopy = {
  scheduledMessages: {
    title: "Scheduled messages",
    intro:
      "Messages sent to each stay's guest at the right moment: the guide link when they book, check-in instructions the day before, a reminder before they leave.",
    tileHint: "Messages sent to guests at the right moment of each stay",
    newMessage: "New message",
    editMessage: "Edit message",
    empty: "No scheduled messages yet.",
    loading: "Loading scheduled messages…",
    suggested: "Suggested",
    suggestedHint: "Ready to use: read and edit its text, then turn it on.",
    fields: {
      name: "Name",
      send: "Send",
      days: "Days",
      at: "At",
      atHint: "In each property's own time zone.",
      properties: "Properties",
      allProperties: "All properties",
      chosenProperties: "Chosen properties",
      channel: "Channel",
      subject: "Subject",
      message: "Message",
      active: "Active",
    },
    triggers: {
      booked: "When the stay is booked",
      "before-check-in": "Before check-in",
      "check-in-day": "On check-in day",
      "before-check-out": "Before check-out",
      "after-check-out": "After check-out",
    },
    channels: { email: "Email", sms: "SMS" },
    when: (trigger: string, days: number, at: string) => {
      if (trigger === "booked") return "When the stay is booked";
      if (trigger === "check-in-day") return `On check-in day at ${at}`;
      const d = days === 1 ? "1 day" : `${days} days`;
      if (trigger === "before-check-in")
        return days === 0 ? `On check-in day at ${at}` : `${d} before check-in at ${at}`;
      if (trigger === "before-check-out")
        return days === 0 ? `On check-out day at ${at}` : `${d} before check-out at ${at}`;
      return days === 0 ? `On check-out day at ${at}` : `${d} after check-out at ${at}`;
    },
    inLanguage: (language: string) => `In ${language}`,
    preview: "Preview",
    previewTitle: "Preview for a sample stay",
    previewEmpty: "Write a message to preview it.",
    save: "Save",
    saving: "Saving…",
    saved: "Saved",
    cancel: "Cancel",
    delete: "Delete",
    deleteConfirm: "Delete this message? Messages it has not sent yet are dropped.",
    deleted: "Deleted",
    on: "On",
    off: "Off",
    /** Shown on a rule while its messages are being scheduled for its stays after a save. */
    scheduling: "Scheduling…",
    detailNames: {
      link: "Stay link",
      propertyTitle: "Property title",
      wifiName: "Wi-Fi name",
      wifiPassword: "Wi-Fi password",
      hostFirstName: "Host first name",
    },
    nameRequired: "Give the message a name",
    unknownDetail: (detail: string) =>
      `"{{${detail}}}" is not a stay detail we know. Choose one from "Insert stay detail".`,
    smsUnavailable: "SMS is not available for this account.",
    textRequired: "Write the message in at least one language.",
    propertiesRequired: "Choose at least one property",
    subjectTooLong: "Keep the subject under 200 characters",
    bodyTooLong: "Keep the message under 5000 characters",
    // The stay's timeline
    timelineTitle: "Scheduled messages",
    timelineEmpty: "No scheduled messages for this stay.",
    noContact: "No guest email — add one to send scheduled messages",
    unsubscribed: "The guest unsubscribed: no more scheduled messages are sent for this stay.",
    statuses: {
      scheduled: "Scheduled",
      sending: "Sending",
      sent: "Sent",
      skipped: "Skipped",
      failed: "Failed",
    },
    scheduledFor: (when: string) => `Scheduled for ${when}`,
    sentAt: (when: string) => `Sent ${when}`,
    delivery: (result: string) => `Delivery: ${result}`,
    skipReasons: {
      passed: "Its time had passed when it was scheduled",
      "no-contact": "No guest email — add one to send scheduled messages",
      unsubscribed: "The guest unsubscribed",
    },
    failedBecause: (error: string) => `Failed: ${error}`,
    retry: "Retry",
    retried: "Queued to send again",
    manage: "Manage scheduled messages",
    deliveries: {
      accepted: "Accepted for delivery",
      queued: "Queued by the SMS provider",
      sent: "Sent by the SMS provider",
      delivered: "Delivered",
      undelivered: "Not delivered",
      failed: "Not delivered",
    } as Record<string, string>,
    /**
     * The four suggested rules (ours; the host reads and edits them before turning them on). Tokens are stay
     * details, filled in per stay.
     */
    suggestions: {
      "booking-confirmation": {
        name: "Booking confirmation",
        subject: "Your stay at {{stay.propertyTitle}}",
        body: "Hi {{stay.guestFirstName}},\n\nThank you for booking {{stay.propertyTitle}}. We look forward to welcoming you on {{stay.checkInDate}} from {{stay.checkInTime}}.\n\nEverything you need for your stay is in your guide: {{stay.link}}\n\n{{stay.hostFirstName}}",
      },
      "check-in-instructions": {
        name: "Check-in instructions",
        subject: "Check-in tomorrow at {{stay.propertyTitle}}",
        body: "Hi {{stay.guestFirstName}},\n\nSee you tomorrow! Check-in is from {{stay.checkInTime}}.\n\nDoor code: {{stay.doorCode}}\nWi-Fi: {{stay.wifiName}}, password {{stay.wifiPassword}}\n\nDirections and everything else are in your guide: {{stay.link}}\n\n{{stay.hostFirstName}}",
      },
      "check-out-reminder": {
        name: "Check-out reminder",
        subject: "Check-out tomorrow",
        body: "Hi {{stay.guestFirstName}},\n\nA reminder that check-out is tomorrow, {{stay.checkOutDate}}, by {{stay.checkOutTime}}. What to do before you leave is in your guide: {{stay.link}}\n\nThank you for staying with us!\n{{stay.hostFirstName}}",
      },
      "thank-you": {
        name: "Thank you",
        subject: "Thank you for staying at {{stay.propertyTitle}}",
        body: "Hi {{stay.guestFirstName}},\n\nThank you for staying at {{stay.propertyTitle}}. We hope you enjoyed it, and we would love to welcome you again.\n\n{{stay.hostFirstName}}",
      },
    },
  },
} as const;

import type { PlaceCategory } from "../rules/local-area.ts";

/** LOCAL-05: each place category's title and icon (an emoji: no image to load, read as decoration). */
const categories: Record<PlaceCategory, { title: string; icon: string }> = {
  "special-offers": { title: "Special offers", icon: "🏷️" },
  events: { title: "Events", icon: "🎟️" },
  experiences: { title: "Experiences", icon: "✨" },
  attraction: { title: "Attractions", icon: "🏛️" },
  "food-and-drink": { title: "Food & drink", icon: "🍽️" },
  cafes: { title: "Cafés", icon: "☕" },
  "leisure-activity": { title: "Leisure activities", icon: "🎳" },
  casino: { title: "Casinos", icon: "🎰" },
  "health-services": { title: "Health services", icon: "⚕️" },
  "health-and-fitness": { title: "Health & fitness", icon: "🏋️" },
  shopping: { title: "Shopping", icon: "🛍️" },
  amenity: { title: "Amenities", icon: "🏪" },
  transport: { title: "Transport", icon: "🚉" },
  parks: { title: "Parks", icon: "🌳" },
  routes: { title: "Walks & routes", icon: "🥾" },
  cycling: { title: "Cycling", icon: "🚲" },
  beaches: { title: "Beaches", icon: "🏖️" },
  watersports: { title: "Watersports", icon: "🏄" },
  golf: { title: "Golf", icon: "⛳" },
  skiing: { title: "Skiing", icon: "⛷️" },
  vineyard: { title: "Vineyards", icon: "🍇" },
  fishing: { title: "Fishing", icon: "🎣" },
  wildlife: { title: "Wildlife", icon: "🦉" },
  "accommodation-locations": { title: "Accommodation", icon: "🏨" },
};

/** Copy: local-area recommendations (LOCAL, GUIDE-10/15, XCUT-14/41/43/44). Part of the one catalogue in ../copy.ts. */
export const localAreaCopy = {
  localArea: {
    // LOCAL-01
    propertyTitle: "Local Area Recommendations",
    profileTitle: (title: string) => `${title} Local Area Recommendations`,
    // LOCAL-15, XCUT-44
    profilesTitle: "Local Area Profiles",
    createProfile: "Create new profile",
    howItWorks: "How it works",
    noProfiles: "No Local area profiles setup yet",
    loadMoreProfiles: "Show more profiles",
    // Ours
    howItWorksText:
      "A profile holds places in one town: cafés, beaches, a pharmacy. Add them once, then tick the profile on each property in that town, and its places show in every one of those guides beside the property's own.",
    placeCount: (n: number) => (n === 1 ? "1 place" : `${n} places`),
    // LOCAL-17/18, XCUT-41
    createTitle: "Create a local area profile",
    profileName: "Profile name",
    profileNameHint: "For example “Brighton seafront”. Guests do not see it.",
    nearestTown: "Nearest town or city",
    nearestTownHint: "Start typing and choose the town from the list.",
    createButton: "Create profile",
    creating: "Creating...",
    enterAll: "Please enter all input boxes and try again.",
    townNoMatches: "No towns or cities match. Try another spelling.",
    townError: "The town could not be loaded. Please try again.",
    backToProfiles: "Back to Local Area Profiles",
    townChosen: (town: string) => `Chosen: ${town}`,
    profileNotFound: "This local area profile could not be found.",
    // LOCAL-02, SHARED-06
    profilesOnProperty: "Local area profiles",
    profilesOnPropertyHint: "Tick a profile to show its places in this property's guide.",
    attachProfile: (title: string) => `Show ${title} in this guide`,
    noProfilesYet: "You have no local area profiles yet.",
    manageProfiles: "Manage local area profiles",
    ownTips: "Your own tips, in your words",
    ownTipsLink: "Write local tips",
    // LOCAL-03/04
    categories,
    placesAdded: (n: number) => (n === 1 ? "1 place added" : `${n} places added`),
    noPlaces: "No places added yet",
    edit: "Edit",
    close: "Close",
    // LOCAL-07/08/11/12, XCUT-41
    searchLabel: (category: string) => `Search for a place to add to ${category}`,
    searchPlaceholder: "Name or address",
    searchNeedsProvider:
      "Searching for cafés, shops and other places is not available here. Add each place with “Add custom place”: its name, its address and its pin on the map.",
    searchNoMatches: "No places match. Try another name, or add a custom place.",
    searchError: "The search did not work. Please try again.",
    adding: "Adding...",
    alreadyAdded: "This place has already been added (maybe within another category). Please try again.",
    addCustom: "Add custom place",
    awaitingPin: "Awaiting location pin set up",
    // The place editor (ours)
    editPlace: (title: string) => `Edit ${title}`,
    newPlace: "New place",
    placeTitle: "Name",
    placeText: "Your recommendation",
    placeTextHint: "What guests should know: why you like it, when to go, what to order.",
    placeWebLink: "Web link",
    placePhone: "Phone",
    placeAddress: "Address",
    placeCategory: "Category",
    translationsHeading: (n: number) => (n === 1 ? "Translation (1 language)" : `Translations (${n} languages)`),
    translationsHint: (machine: boolean) =>
      machine
        ? "Guests reading the guide in another language see your words there. A recommendation left blank is translated automatically; a name left blank stays as it is."
        : "Guests reading the guide in another language see your words there. Automatic translation is not switched on: write each language yourself, or leave it blank and guests see your English marked as such.",
    translatedTitle: (language: string) => `Name in ${language}`,
    englishBeside: (text: string) => `English: ${text}`,
    translatedText: (language: string) => `Your recommendation in ${language}`,
    placePhoto: "Photo",
    pinLabel: "Location pin",
    pinMapLabel: "Map with the place's pin",
    pinHint: "Click or tap the map to drop the pin, then drag it to the exact spot.",
    removePin: "Remove pin",
    setPin: "Set the pin on the map",
    findAddress: "Find the address on the map",
    findingAddress: "Finding the address...",
    addressNotFound:
      "This address could not be found on the map. Use “Set the pin on the map” and click where the place is.",
    addressLookupFailed: "The address could not be looked up just now. Try again, or set the pin yourself.",
    pinStartsHere: "The pin starts where the map opens. Click or tap the map where the place is, or drag the pin.",
    pinNotMoved:
      "The pin is still where the map opened, not on the place. Click the map where the place is, or remove the pin.",
    noLocation: (hasAddress: boolean) =>
      hasAddress
        ? "No pin yet: guests get directions by this place’s name and address, and it is not on the guide’s map."
        : "No location yet: guests get no Directions button and the place is not on the guide’s map. Add its address or set its pin.",
    save: "Save",
    saving: "Saving...",
    saved: "Saved",
    cancel: "Cancel",
    deletePlace: "Delete place",
    deletePlaceConfirm: (title: string) => `Delete ${title}? This cannot be undone.`,
    rating: (r: number) => `Rated ${r.toFixed(1)} out of 5`,
    categoriesLabel: "Place categories",
    placesIn: (category: string) => `Places in ${category}`,
    ratingShort: (r: number) => `★ ${r.toFixed(1)}`,
    dragHandle: (title: string) => `Drag ${title} to reorder`,
    orderSaved: "Order saved",
    // LOCAL-23/25, XCUT-14
    deleteProfile: "Delete local area profile",
    deleteProfileConfirm: (title: string) =>
      `Delete ${title} and all its places? It is removed from every property it is attached to. This cannot be undone.`,
    delete: "Delete",
    keep: "Keep local area profile",
    profileType: "Local area profile",
    // The guide (GUIDE-10/15)
    guideTitle: "Local recommendations",
    directions: "Directions",
    website: "Website",
    call: (phone: string) => `Call ${phone}`,
    showMap: "Show on a map",
    mapLabel: "Map of the recommended places",
    mapUnavailable: "The map could not be loaded. The places are listed below.",
    yourStay: "Your stay",
  },
} as const;

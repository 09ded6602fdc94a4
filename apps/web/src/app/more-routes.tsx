import type { RouteObject } from "react-router";
import type { PlaceholderTitle } from "../features/placeholder/routes/placeholder-page.tsx";
import { RequireAuth } from "./guards.tsx";
import { AppLayout } from "./layout/app-layout.tsx";
import { page } from "./lazy-page.ts";

// Every page but the home, the sign-in pages and "not found" (router.tsx): a chunk of its own, loaded when the
// first address or a navigation needs one of them, so the home's first view carries neither this table nor the
// list of each page's chunks (docs/architecture.md §9).
const PersonalInformationPage = page(
  () => import("../features/profile/routes/personal-information.tsx"),
  (m) => m.PersonalInformationPage,
);
const LoginSecurityPage = page(
  () => import("../features/profile/routes/login-security.tsx"),
  (m) => m.LoginSecurityPage,
);
const PlaceholderPage = page(
  () => import("../features/placeholder/routes/placeholder-page.tsx"),
  (m) => m.PlaceholderPage,
);
const BulkUpdatesPage = page(
  () => import("../features/bulk-updates/routes/bulk-updates.tsx"),
  (m) => m.BulkUpdatesPage,
);
const GuideAnalyticsPage = page(
  () => import("../features/analytics/routes/guide-analytics.tsx"),
  (m) => m.GuideAnalyticsPage,
);
const PropertyManagersPage = page(
  () => import("../features/managers/routes/property-managers.tsx"),
  (m) => m.PropertyManagersPage,
);
const CreateManagerPage = page(
  () => import("../features/managers/routes/create-manager.tsx"),
  (m) => m.CreateManagerPage,
);
const ManagerProfilePage = page(
  () => import("../features/managers/routes/manager-profile.tsx"),
  (m) => m.ManagerProfilePage,
);
const ManagerDeletedPage = page(
  () => import("../features/managers/routes/manager-deleted.tsx"),
  (m) => m.ManagerDeletedPage,
);
const CompanyProfilePage = page(
  () => import("../features/company/routes/company-profile.tsx"),
  (m) => m.CompanyProfilePage,
);
const CreateCompanyPage = page(
  () => import("../features/company/routes/create-company.tsx"),
  (m) => m.CreateCompanyPage,
);
const PropertiesPage = page(
  () => import("../features/properties/routes/properties.tsx"),
  (m) => m.PropertiesPage,
);
const CreatePropertyPage = page(
  () => import("../features/properties/routes/create-property.tsx"),
  (m) => m.CreatePropertyPage,
);
const PropertyOverviewPage = page(
  () => import("../features/properties/routes/property-overview.tsx"),
  (m) => m.PropertyOverviewPage,
);
const PropertyDeletedPage = page(
  () => import("../features/properties/routes/property-deleted.tsx"),
  (m) => m.PropertyDeletedPage,
);
const SetupPlacePage = page(
  () => import("../features/properties/routes/setup-place.tsx"),
  (m) => m.SetupPlacePage,
);
const SetupBasicsPage = page(
  () => import("../features/properties/routes/setup-basics.tsx"),
  (m) => m.SetupBasicsPage,
);
const SetupPaymentPage = page(
  () => import("./routes/setup-payment-route.tsx"),
  (m) => m.SetupPaymentRoute,
);
const SubscriptionPage = page(
  () => import("../features/billing/routes/subscription.tsx"),
  (m) => m.SubscriptionPage,
);
const SubscriptionSuccessPage = page(
  () => import("../features/billing/routes/subscription-success.tsx"),
  (m) => m.SubscriptionSuccessPage,
);
const CancellationPage = page(
  () => import("../features/billing/routes/cancellation.tsx"),
  (m) => m.CancellationPage,
);
const SetupCompletePage = page(
  () => import("../features/properties/routes/setup-complete.tsx"),
  (m) => m.SetupCompletePage,
);
const PropertyDetailsPage = page(
  () => import("../features/properties/routes/property-details.tsx"),
  (m) => m.PropertyDetailsPage,
);
const PropertyCategoryPage = page(
  () => import("../features/content/routes/category-page.tsx"),
  (m) => m.PropertyCategoryPage,
);
const SharedCategoryPage = page(
  () => import("../features/content/routes/category-page.tsx"),
  (m) => m.SharedCategoryPage,
);
const SharedContentPage = page(
  () => import("../features/content/routes/shared-content.tsx"),
  (m) => m.SharedContentPage,
);
const SharedContentStartPage = page(
  () => import("../features/content/routes/shared-content.tsx"),
  (m) => m.SharedContentStartPage,
);
const MessagingPage = page(
  () => import("../features/messaging/routes/messaging.tsx"),
  (m) => m.MessagingPage,
);
const ConversationPage = page(
  () => import("../features/messaging/routes/messaging.tsx"),
  (m) => m.ConversationPage,
);
const MessagingSettingsPage = page(
  () => import("../features/messaging/routes/messaging-settings.tsx"),
  (m) => m.MessagingSettingsPage,
);
const PropertyMessagingPage = page(
  () => import("../features/messaging/routes/messaging-settings.tsx"),
  (m) => m.PropertyMessagingPage,
);
const LocalAreaProfilesPage = page(
  () => import("../features/local-area/routes/profiles.tsx"),
  (m) => m.LocalAreaProfilesPage,
);
const CreateLocalAreaProfilePage = page(
  () => import("../features/local-area/routes/profiles.tsx"),
  (m) => m.CreateLocalAreaProfilePage,
);
const LocalAreaProfileDeletedPage = page(
  () => import("../features/local-area/routes/profiles.tsx"),
  (m) => m.LocalAreaProfileDeletedPage,
);
const ProfileLocalAreaPage = page(
  () => import("../features/local-area/routes/local-area-page.tsx"),
  (m) => m.ProfileLocalAreaPage,
);
const PropertyLocalAreaPage = page(
  () => import("../features/local-area/routes/local-area-page.tsx"),
  (m) => m.PropertyLocalAreaPage,
);
const ReferralsPage = page(
  () => import("../features/referrals/routes/referrals.tsx"),
  (m) => m.ReferralsPage,
);
const ScheduledMessagesPage = page(
  () => import("../features/scheduled-messages/routes/scheduled-messages.tsx"),
  (m) => m.ScheduledMessagesPage,
);
const TeamPage = page(
  () => import("../features/team/routes/team.tsx"),
  (m) => m.TeamPage,
);
const ActivityPage = page(
  () => import("../features/activity/routes/activity.tsx"),
  (m) => m.ActivityPage,
);
const SupportPage = page(
  () => import("../features/support/routes/support.tsx"),
  (m) => m.SupportPage,
);
const StorePage = page(
  () => import("../features/store/routes/store.tsx"),
  (m) => m.StorePage,
);
const OfferEditorPage = page(
  () => import("../features/store/routes/offer-editor.tsx"),
  (m) => m.OfferEditorPage,
);
const OrdersPage = page(
  () => import("../features/store/routes/orders.tsx"),
  (m) => m.OrdersPage,
);
const ApiKeysPage = page(
  () => import("../features/api-keys/routes/api-keys.tsx"),
  (m) => m.ApiKeysPage,
);
const AffiliateStatsPage = page(
  () => import("../features/affiliates/routes/affiliate-stats.tsx"),
  (m) => m.AffiliateStatsPage,
);
const AffiliateTermsPage = page(
  () => import("../features/affiliates/routes/affiliate-terms.tsx"),
  (m) => m.AffiliateTermsPage,
);
const AffiliatePaymentDetailsPage = page(
  () => import("../features/affiliates/routes/affiliate-payment-details.tsx"),
  (m) => m.AffiliatePaymentDetailsPage,
);
const AffiliateAssetsPage = page(
  () => import("../features/affiliates/routes/affiliate-assets.tsx"),
  (m) => m.AffiliateAssetsPage,
);
const StaysPage = page(
  () => import("../features/stays/routes/stays.tsx"),
  (m) => m.StaysPage,
);
const StayImportPage = page(
  () => import("../features/stays/routes/stay-import.tsx"),
  (m) => m.StayImportPage,
);
const StayPage = page(
  () => import("../features/stays/routes/stay.tsx"),
  (m) => m.StayPage,
);
const PropertyStaysPage = page(
  () => import("../features/stays/routes/property-stays.tsx"),
  (m) => m.PropertyStaysPage,
);

/** Pages the later issues fill; they need login now (XCUT-05, XCUT-11, XCUT-12). */
const placeholderRoutes: [path: string, title: PlaceholderTitle][] = [
  ["property/:propertyId/*", "property"],
  ["shared-content/:propertyId/*", "sharedContent"],
];

/** Affiliate pages (AFF-10…15): login needed (XCUT-09), and only for affiliates; a host goes home. */
const affiliateRoutes: RouteObject[] = [
  { path: "affiliate-stats", element: <AffiliateStatsPage /> },
  { path: "affiliate-terms", element: <AffiliateTermsPage /> },
  { path: "affiliate-payment-details", element: <AffiliatePaymentDetailsPage /> },
  { path: "affiliate-assets", element: <AffiliateAssetsPage /> },
];

/** Added under the root route by the router's `patchRoutesOnNavigation` (router.tsx). */
export const moreRoutes: RouteObject[] = [
  // Both kinds of account: the profile pages.
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: "personal-information", element: <PersonalInformationPage /> },
          { path: "login-security", element: <LoginSecurityPage /> },
        ],
      },
    ],
  },
  { element: <RequireAuth kind="affiliate" />, children: [{ element: <AppLayout />, children: affiliateRoutes }] },
  // Host pages: an affiliate goes home to their own dashboard.
  {
    element: <RequireAuth kind="host" />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: "properties", element: <PropertiesPage /> },
          { path: "create-property", element: <CreatePropertyPage /> },
          { path: "property/:propertyId", element: <PropertyOverviewPage /> },
          { path: "property/:propertyId/property-details", element: <PropertyDetailsPage /> },
          { path: "property-deleted", element: <PropertyDeletedPage /> },
          { path: "property-managers", element: <PropertyManagersPage /> },
          { path: "create-manager", element: <CreateManagerPage /> },
          { path: "manager-profile/:vanityId", element: <ManagerProfilePage /> },
          { path: "manager", element: <ManagerDeletedPage /> },
          { path: "company-profile", element: <CompanyProfilePage /> },
          { path: "create-company", element: <CreateCompanyPage /> },
          // Guide content (CONT-01, OPEN-42) and shared content (SHARED-01…03, OPEN-59).
          { path: "property/:propertyId/content/:categoryLabel", element: <PropertyCategoryPage /> },
          { path: "property/:propertyId/content/:parentLabel/:categoryLabel", element: <PropertyCategoryPage /> },
          { path: "shared-content", element: <SharedContentStartPage /> },
          { path: "shared-content/:propertyId", element: <SharedContentPage /> },
          { path: "shared-content/:propertyId/content/:categoryLabel", element: <SharedCategoryPage /> },
          {
            path: "shared-content/:propertyId/content/:parentLabel/:categoryLabel",
            element: <SharedCategoryPage />,
          },
          // Billing (BILL-01…48, XCUT-05).
          { path: "subscription", element: <SubscriptionPage /> },
          { path: "team", element: <TeamPage /> },
          { path: "activity", element: <ActivityPage /> },
          { path: "support", element: <SupportPage /> },
          // Guide analytics (ANL-01…08).
          { path: "guide-analytics", element: <GuideAnalyticsPage /> },
          // Bulk updates (BULK-01…05).
          { path: "bulk-updates", element: <BulkUpdatesPage /> },
          { path: "messaging", element: <MessagingPage /> },
          { path: "messaging/:messageId", element: <ConversationPage /> },
          { path: "messaging-settings", element: <MessagingSettingsPage /> },
          { path: "property/:propertyId/messaging", element: <PropertyMessagingPage /> },
          // Local area recommendations (LOCAL-01…26; XCUT-11…13 need login).
          { path: "local-area-profiles", element: <LocalAreaProfilesPage /> },
          { path: "create-local-area-profile", element: <CreateLocalAreaProfilePage /> },
          { path: "local-area-profile/:sharedProfileLabel", element: <ProfileLocalAreaPage /> },
          { path: "local-area-profile-deleted", element: <LocalAreaProfileDeletedPage /> },
          { path: "property/:propertyId/local-area", element: <PropertyLocalAreaPage /> },
          { path: "subscription-success", element: <SubscriptionSuccessPage /> },
          { path: "cancellation", element: <CancellationPage /> },
          { path: "referrals", element: <ReferralsPage /> },
          { path: "api-keys", element: <ApiKeysPage /> },
          // The guest store (decision 053): offers, and the orders guests place from their stay links.
          { path: "store", element: <StorePage /> },
          { path: "store/:offerId", element: <OfferEditorPage /> },
          { path: "orders", element: <OrdersPage /> },
          // Stays: a property's bookings, all of the account's on /stays.
          { path: "stays", element: <StaysPage /> },
          { path: "stays/import", element: <StayImportPage /> },
          { path: "stays/:stayId", element: <StayPage /> },
          { path: "property/:propertyId/stays", element: <PropertyStaysPage /> },
          { path: "scheduled-messages", element: <ScheduledMessagesPage /> },
          ...placeholderRoutes.map(([path, title]) => ({ path, element: <PlaceholderPage title={title} /> })),
        ],
      },
    ],
  },
  // XCUT-10: the setup flow sends logged-out visitors to /try-free.
  {
    element: <RequireAuth loggedOutTo="/try-free" kind="host" />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: "setup-place", element: <SetupPlacePage /> },
          { path: "property/:propertyId/setup-basics", element: <SetupBasicsPage /> },
          { path: "property/:propertyId/setup-payment", element: <SetupPaymentPage /> },
          { path: "property/:propertyId/setup-complete", element: <SetupCompletePage /> },
        ],
      },
    ],
  },
];

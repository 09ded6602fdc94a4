import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { TranslationsItem } from "./language-items.tsx";
import { LocationItem } from "./location-item.tsx";
import { ThemeColoursItem } from "./theme-colours-item.tsx";

const empty = {
  propertyId: "seaside",
  title: "Seaside Escape",
  address: null,
  defaultLanguage: "en",
  languageTranslations: [],
  hexPrimary: null,
  hexSecondary: null,
  companyProfile: false,
} as unknown as PropertyDto;

function renderItem(item: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{item}</QueryClientProvider>);
}

/** The item's idle display: the region between its title and its Edit button. */
const itemNamed = (title: string) =>
  screen.getByRole("button", { name: `${copy.common.edit} ${title}` }).closest(".item") as HTMLElement;

// XCUT-45: an unset value reads with the seeds' field placeholders ("Not entered", "Not selected"), not words of our own.
describe("Basic Setup items without a value (SETUP-07, SETUP-17, SETUP-19, XCUT-45)", () => {
  it("the pin location reads Not selected", () => {
    renderItem(<LocationItem property={empty} />);
    expect(within(itemNamed(copy.basicSetup.pinLocation)).getByText(copy.common.notSelected)).toBeInTheDocument();
  });

  it("no translations read Not selected", () => {
    renderItem(<TranslationsItem property={empty} />);
    expect(
      within(itemNamed(copy.basicSetup.languageTranslations)).getByText(copy.common.notSelected),
    ).toBeInTheDocument();
  });

  it("each unset theme colour reads Not entered", () => {
    renderItem(<ThemeColoursItem property={empty} company={null} />);
    const item = within(itemNamed(copy.basicSetup.themeColours));
    expect(item.getByText(`${copy.basicSetup.primaryColour}: ${copy.common.notEntered}`)).toBeInTheDocument();
    expect(item.getByText(`${copy.basicSetup.secondaryColour}: ${copy.common.notEntered}`)).toBeInTheDocument();
  });
});

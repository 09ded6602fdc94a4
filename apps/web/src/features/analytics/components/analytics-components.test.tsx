import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PropertyPicker } from "./property-picker.tsx";
import { SectionsReport } from "./sections-report.tsx";
import { VisitsChart } from "./visits-chart.tsx";

const many = Array.from({ length: 12 }, (_, i) => ({ propertyId: `home-${i}`, title: `Cottage ${i}` }));

describe("PropertyPicker (ANL-02)", () => {
  it("is not shown with a single property", () => {
    const { container } = render(
      <PropertyPicker properties={[{ propertyId: "a", title: "A" }]} value={null} onChange={() => {}} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("offers All Properties and each property, and a search box for many", async () => {
    const onChange = vi.fn();
    render(<PropertyPicker properties={many} value={null} onChange={onChange} />);
    const select = screen.getByLabelText("Property");
    expect(screen.getByRole("option", { name: "All Properties" })).toBeInTheDocument();
    expect(screen.getAllByRole("option")).toHaveLength(13);
    await userEvent.type(screen.getByLabelText("Search properties"), "cottage 1");
    // "Cottage 1", "Cottage 10", "Cottage 11" and All Properties.
    expect(screen.getAllByRole("option")).toHaveLength(4);
    await userEvent.selectOptions(select, "home-10");
    expect(onChange).toHaveBeenCalledWith("home-10");
  });
});

describe("VisitsChart (ANL-03)", () => {
  it("is an image with a name and a text alternative that points at the table", () => {
    render(
      <>
        <VisitsChart
          days={[{ day: "2026-07-10", desktop: 1, tablet: 0, mobileQr: 2, mobileLink: 0, mobileStay: 0, total: 3 }]}
          total={3}
          tableId="figures"
        />
        <table id="figures" />
      </>,
    );
    const chart = screen.getByRole("img", { name: "Guide sessions per day by device" });
    expect(chart).toHaveAccessibleDescription(/^3 sessions from Fri,? 10 Jul 2026 to Fri,? 10 Jul 2026\./);
    expect(chart.querySelectorAll("rect")).toHaveLength(2);
  });
});

describe("SectionsReport (section analytics)", () => {
  const data = {
    from: "2026-08-01",
    to: "2026-08-31",
    propertyId: null,
    sessions: 4,
    sections: [
      { key: "wifi-and-tech", title: "Wi-Fi & tech", sessions: 3, reach: 0.75 },
      { key: "check-out", title: "Check-out", sessions: 0, reach: 0 },
      { key: "safety", title: "Safety & emergencies", sessions: 0, reach: 0 },
    ],
    items: [{ id: "i1", title: "Router", propertyTitle: "Harbour Loft", sessions: 2 }],
    languages: [{ code: "fr", name: "French", sessions: 3 }],
  };

  it("lists sections with sessions and reach, and names the ones no guest opened", () => {
    render(<SectionsReport data={data} allProperties />);
    expect(screen.getByRole("heading", { name: "What guests read" })).toBeInTheDocument();
    const wifi = screen.getByRole("row", { name: /Wi-Fi & tech/ });
    expect(wifi).toHaveTextContent("3");
    expect(wifi).toHaveTextContent("75%");
    expect(screen.getByRole("row", { name: /Check-out/ })).toHaveTextContent("Not opened");
    expect(screen.getByRole("note")).toHaveTextContent(
      "No guest opened these 2 sections in this period: Check-out, Safety & emergencies.",
    );
    expect(screen.getByRole("row", { name: /Router/ })).toHaveTextContent("Harbour Loft");
    expect(screen.getByRole("row", { name: /French/ })).toHaveTextContent("3");
  });

  it("flags nothing when no guest came at all, and says so", () => {
    render(<SectionsReport data={{ ...data, sessions: 0, items: [], languages: [] }} allProperties={false} />);
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
    expect(screen.queryByText("Not opened")).not.toBeInTheDocument();
    expect(screen.getByText("No guest opened the guide in this period.")).toBeInTheDocument();
    expect(screen.getByText("No item was looked at in this period.")).toBeInTheDocument();
  });
});

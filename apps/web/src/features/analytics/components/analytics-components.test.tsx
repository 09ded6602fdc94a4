import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PropertyPicker } from "./property-picker.tsx";
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
          days={[{ day: "2026-07-10", desktop: 1, tablet: 0, mobileQr: 2, mobileLink: 0, total: 3 }]}
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

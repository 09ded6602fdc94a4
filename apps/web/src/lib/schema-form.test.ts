import { copy } from "@doorstep/shared/copy";
import { CreateCompanyRequest, UpdateCompanyRequest } from "@doorstep/shared/schemas/company";
import { UpdateManagerRequest } from "@doorstep/shared/schemas/manager";
import { describe, expect, it } from "vitest";
import { fieldProblem, schemaResolver } from "./schema-form.ts";

describe("shared schemas in the dashboard's copy", () => {
  it("reads a blank required value as 'required' and a bad email as the email copy", () => {
    expect(fieldProblem(CreateCompanyRequest.shape.brandName, "   ")).toBe(copy.common.required);
    expect(fieldProblem(UpdateManagerRequest.shape.email, "ann@")).toBe(copy.common.emailInvalid);
    expect(fieldProblem(UpdateManagerRequest.shape.email, "")).toBeUndefined();
  });

  it("keeps a schema's own message", () => {
    expect(fieldProblem(UpdateCompanyRequest.shape.website, "example.com")).toBe(copy.common.urlInvalid);
  });

  it("gives react-hook-form the parsed values or the field errors", async () => {
    const resolve = schemaResolver(CreateCompanyRequest);
    const options = { fields: {}, shouldUseNativeValidation: false };
    expect(await resolve({ brandName: "  Sea Co " }, undefined, options)).toEqual({
      values: { brandName: "Sea Co" },
      errors: {},
    });
    const refused = await resolve({ brandName: "" }, undefined, options);
    expect(refused.errors.brandName?.message).toBe(copy.common.required);
  });
});

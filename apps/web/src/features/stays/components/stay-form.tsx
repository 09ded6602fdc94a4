import { copy } from "@doorstep/shared/copy";
import { languageName } from "@doorstep/shared/languages";
import { CreateStayRequest, UpdateStayRequest, type StayDto } from "@doorstep/shared/schemas/stays";
import { useMemo, useState } from "react";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { useProperty } from "../../../api/properties/get-property.ts";
import { usePropertyChoices } from "../../../api/properties/list-property-choices.ts";
import { Alert } from "../../../components/ui/banner.tsx";
import { countryFromName, PhoneField } from "../../../components/phone-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { apiErrorFields } from "../../../lib/api-error-fields.ts";
import { schemaResolver } from "../../../lib/schema-form.ts";
import { useCreateStay } from "../api/create-stay.ts";
import { useUpdateStay } from "../api/update-stay.ts";
import {
  emptyStayForm,
  STAY_FORM_FIELDS,
  stayFormOf,
  stayRequestOf,
  type StayFormField,
  type StayFormValues,
} from "../lib/stay-form-values.ts";
import { formatStayTime } from "../lib/format-stay.ts";
import { SelectField, TextAreaField } from "./form-fields.tsx";

const c = copy.stays;
const f = c.fields;

export interface StayFormProps {
  /** The form element's id, for the dialog's submit button outside it. */
  id: string;
  /** The stay being edited; none for a new one. */
  stay?: StayDto;
  /** A new stay's property when the page already names it; otherwise the form asks for it first. */
  propertyId?: string;
  onSaved: (stay: StayDto) => void;
  onBusyChange?: (busy: boolean) => void;
}

/**
 * Add or edit a stay: every field with its label, validated by the shared request schema in the browser and
 * by the server, whose refusals show beside the field they name.
 */
export function StayForm({ id, stay, propertyId, onSaved, onBusyChange }: StayFormProps) {
  const editing = stay !== undefined;
  const resolver = useMemo(() => stayResolver(editing), [editing]);
  const form = useForm<StayFormValues>({
    defaultValues: stay ? stayFormOf(stay) : emptyStayForm(propertyId),
    resolver,
  });
  const { register, formState, setError } = form;
  // Read while rendering: react-hook-form tracks only the form state a render has asked for.
  const { errors, dirtyFields } = formState;
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateStay();
  const update = useUpdateStay();
  const choices = usePropertyChoices();
  const chosen = stay?.propertyId ?? propertyId ?? form.watch("propertyId");
  const property = useProperty(chosen || undefined);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    onBusyChange?.(true);
    try {
      if (stay) {
        const changed = stayRequestOf(values, { property: false, only: dirtyFields });
        if (Object.keys(changed).length === 0) return onSaved(stay);
        onSaved(await update.mutateAsync({ stayId: stay.id, body: UpdateStayRequest.parse(changed) }));
      } else {
        onSaved(await create.mutateAsync(CreateStayRequest.parse(stayRequestOf(values, { property: true }))));
      }
    } catch (cause) {
      const fields = apiErrorFields(cause).filter((e) => (STAY_FORM_FIELDS as string[]).includes(e.field));
      for (const { field, message } of fields) setError(field as StayFormField, { type: "server", message });
      if (fields.length > 0) return;
      if (cause instanceof ApiError && cause.code === "NOT_FOUND" && !stay) {
        setError("propertyId", { type: "server", message: cause.message });
      } else if (cause instanceof ApiError && cause.status >= 400 && cause.status < 500) {
        setFailure(cause.message);
      } else {
        setFailure(copy.common.genericError);
      }
    } finally {
      onBusyChange?.(false);
    }
  });

  const languages = property.data ? [property.data.defaultLanguage, ...property.data.languageTranslations] : [];
  const defaultLanguage = property.data ? languageName(property.data.defaultLanguage) : null;
  const timeHint = (key: "defaultCheckInTime" | "defaultCheckOutTime") =>
    editing ? undefined : c.defaultTimeHint(property.data ? formatStayTime(property.data[key]) : null);
  const text = (field: StayFormField) => ({ ...register(field), error: errors[field]?.message });

  return (
    <form id={id} className="stay-form" noValidate onSubmit={(event) => void submit(event)}>
      {failure ? <Alert>{failure}</Alert> : null}
      {editing || propertyId ? null : (
        <SelectField label={f.property} {...text("propertyId")}>
          <option value="">{c.choosePropertyOption}</option>
          {(choices.data ?? []).map((p) => (
            <option key={p.propertyId} value={p.propertyId}>
              {p.title}
            </option>
          ))}
        </SelectField>
      )}
      <div className="stay-form__pair">
        <TextField label={f.guestFirstName} autoComplete="off" {...text("guestFirstName")} />
        <TextField label={f.guestLastName} autoComplete="off" {...text("guestLastName")} />
      </div>
      <div className="stay-form__pair">
        <TextField label={f.guestEmail} type="email" autoComplete="off" {...text("guestEmail")} />
        <Controller
          control={form.control}
          name="guestPhone"
          render={({ field }) => (
            <PhoneField
              // The chooser starts at the property's country once the property has loaded (or been chosen).
              key={property.data?.address?.country ?? ""}
              label={f.guestPhone}
              initial={stay?.guestPhone ?? null}
              defaultCountry={countryFromName(property.data?.address?.country)}
              error={errors.guestPhone?.message}
              onChange={field.onChange}
            />
          )}
        />
      </div>
      <SelectField label={f.guestLanguage} {...text("guestLanguage")}>
        <option value="">{c.defaultLanguageOption(defaultLanguage)}</option>
        {languages.map((code) => (
          <option key={code} value={code}>
            {languageName(code)}
          </option>
        ))}
        {stay && !languages.includes(stay.guestLanguage) ? (
          <option value={stay.guestLanguage}>{languageName(stay.guestLanguage)}</option>
        ) : null}
      </SelectField>
      <div className="stay-form__pair">
        <TextField label={f.checkInDate} type="date" {...text("checkInDate")} />
        <TextField label={f.checkInTime} type="time" hint={timeHint("defaultCheckInTime")} {...text("checkInTime")} />
      </div>
      <div className="stay-form__pair">
        <TextField label={f.checkOutDate} type="date" {...text("checkOutDate")} />
        <TextField
          label={f.checkOutTime}
          type="time"
          hint={timeHint("defaultCheckOutTime")}
          {...text("checkOutTime")}
        />
      </div>
      <div className="stay-form__pair">
        <TextField label={f.adults} type="number" inputMode="numeric" min={1} {...text("adults")} />
        <TextField label={f.children} type="number" inputMode="numeric" min={0} {...text("children")} />
      </div>
      <TextField label={f.doorCode} autoComplete="off" {...text("doorCode")} />
      <TextAreaField label={f.notes} rows={4} {...text("notes")} />
    </form>
  );
}

/** The shared schema reads the form as the request it becomes (stay-form-values.ts). */
function stayResolver(editing: boolean): Resolver<StayFormValues> {
  const schema = editing ? UpdateStayRequest : CreateStayRequest;
  const resolve = schemaResolver<Record<string, unknown>, Record<string, unknown>>(schema);
  return async (values, context, options) => {
    const result = await resolve(stayRequestOf(values, { property: !editing }), context, options as never);
    const errors = { ...result.errors };
    // A blank date reads as missing, not as a date out of range.
    for (const field of ["checkInDate", "checkOutDate"] as const) {
      if (errors[field] && values[field].trim() === "")
        errors[field] = { type: "required", message: copy.common.required };
    }
    // The form keeps its own text; the submit handler builds the request from it.
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

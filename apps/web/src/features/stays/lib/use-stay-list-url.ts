import type { StayTab } from "@doorstep/shared/schemas/stays";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { readStayListParams, searchPushesHistory, writeStayListParams } from "./list-params.ts";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The stays list's state in the address: the tab and property filter change it at once (a history entry
 * each); the search box changes it once typing pauses. Back and forward put the box's text back too.
 */
export function useStayListUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readStayListParams(searchParams);
  const [searchText, setSearchText] = useState(params.q);
  const term = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  // The q this hook last wrote or saw: a different one in the address came from back or forward.
  const known = useRef(params.q);
  // React Router gives a new setter with every address: the search effect must run on the term alone, or
  // going back would write the old term again.
  const setParams = useRef(setSearchParams);
  setParams.current = setSearchParams;

  useEffect(() => {
    if (params.q === known.current) return;
    known.current = params.q;
    setSearchText(params.q);
  }, [params.q]);

  useEffect(() => {
    if (term === known.current) return;
    const push = searchPushesHistory(known.current, term);
    known.current = term;
    setParams.current((current) => writeStayListParams(current, { q: term }), { replace: !push });
  }, [term]);

  return {
    params,
    searchText,
    setSearchText,
    /** The box's text has not reached the address yet. */
    searchPending: searchText.trim() !== params.q,
    setTab: (tab: StayTab) => setSearchParams((current) => writeStayListParams(current, { tab })),
    setPropertyId: (propertyId: string | null) =>
      setSearchParams((current) => writeStayListParams(current, { propertyId })),
  };
}

-- Reserved so parallel changes can each fill in their own migration; a no-op until then.
SELECT 1;

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include "CSQLiteSetup.h"

// margin_rank: FTS5's bm25 (fts5_aux.c, k1 = 1.2, b = 0.75), without reading every row a common
// word is in. Like bm25, it takes one weight a column (`margin_rank(10.0, 5.0)`; 1 for a column
// without one): a match counts as that many matches.
//
// bm25 weighs each phrase by its IDF, log((N - n + 0.5) / (n + 0.5)) with a floor of 1e-6,
// where n is the number of rows holding the phrase; to find n it walks the phrase's whole
// doclist, once per query. For a word in most of a million notes that walk is most of the
// search. Here:
// - a query of one phrase skips it: its IDF multiplies every row's score alike, so the order
//   is bm25's whatever the IDF is;
// - otherwise the count stops once n reaches half the rows, where the IDF reaches its floor
//   and counting further could not change it;
// - and it stops after COUNT_LIMIT rows: n is then estimated from how far into the table
//   (by rowid, which margin hands out in order) those rows reached. A phrase that common
//   weighs little next to a rarer one either way, and an estimate within a few percent moves
//   its IDF by less. Phrases in fewer rows are weighed exactly as bm25 weighs them.

/// How many rows of a phrase are counted before its count is estimated.
#define COUNT_LIMIT 32768

typedef struct RankData {
    int phrases;
    double averageLength;
    double *idf;
    double *frequency;
    double *weight;
} RankData;

/// A phrase's rows, counted until `stop`; `rowid` is the last one's.
typedef struct Count {
    sqlite3_int64 rows, stop, rowid;
} Count;

static int countRow(const Fts5ExtensionApi *api, Fts5Context *fts, void *context) {
    Count *count = context;
    count->rows += 1;
    if (count->rows < count->stop) return SQLITE_OK;
    count->rowid = api->xRowid(fts);
    return SQLITE_DONE;
}

/// The number of rows holding phrase `phrase`, exact below `limit` and below half of `rows`.
static int phraseRows(const Fts5ExtensionApi *api, Fts5Context *fts, int phrase, sqlite3_int64 rows,
                      sqlite3_int64 *out) {
    // n >= rows / 2 gives an IDF at or below 0, raised to the floor: counting on is useless.
    sqlite3_int64 half = (rows + 1) / 2;
    Count count = {0, half < COUNT_LIMIT ? half : COUNT_LIMIT, 0};
    int rc = api->xQueryPhrase(fts, phrase, &count, countRow);
    if (rc != SQLITE_OK) return rc;
    *out = count.rows;
    if (count.rows == COUNT_LIMIT && COUNT_LIMIT < half) {
        // The first COUNT_LIMIT rows reached rowid `count.rowid`, about that many rows in.
        double reached = count.rowid < rows ? (double)count.rowid : (double)rows;
        double estimate = (double)COUNT_LIMIT * (double)rows / (reached > 0 ? reached : 1);
        *out = estimate > (double)rows ? rows : (sqlite3_int64)estimate;
    }
    return SQLITE_OK;
}

static int rankData(const Fts5ExtensionApi *api, Fts5Context *fts, int argumentCount, sqlite3_value **arguments,
                    RankData **out) {
    RankData *data = api->xGetAuxdata(fts, 0);
    if (data) {
        *out = data;
        return SQLITE_OK;
    }
    int phrases = api->xPhraseCount(fts);
    int columns = api->xColumnCount(fts);
    size_t size = sizeof(RankData) + sizeof(double) * ((size_t)phrases * 2 + (size_t)columns);
    data = sqlite3_malloc64(size);
    if (!data) return SQLITE_NOMEM;
    memset(data, 0, size);
    data->phrases = phrases;
    data->idf = (double *)&data[1];
    data->frequency = &data->idf[phrases];
    data->weight = &data->frequency[phrases];
    for (int i = 0; i < columns; i++) {
        data->weight[i] = i < argumentCount ? sqlite3_value_double(arguments[i]) : 1.0;
    }
    sqlite3_int64 rows = 0, tokens = 0;
    int rc = api->xRowCount(fts, &rows);
    if (rc == SQLITE_OK) rc = api->xColumnTotalSize(fts, -1, &tokens);
    if (rc == SQLITE_OK) data->averageLength = (double)tokens / (double)rows;
    for (int i = 0; rc == SQLITE_OK && i < phrases; i++) {
        if (phrases == 1) {
            data->idf[i] = 1.0;
            break;
        }
        sqlite3_int64 n = 0;
        rc = phraseRows(api, fts, i, rows, &n);
        if (rc == SQLITE_OK) {
            double idf = log((rows - n + 0.5) / (n + 0.5));
            data->idf[i] = idf <= 0.0 ? 1e-6 : idf;
        }
    }
    if (rc == SQLITE_OK) rc = api->xSetAuxdata(fts, data, sqlite3_free);
    else sqlite3_free(data);
    if (rc == SQLITE_OK) *out = data;
    return rc;
}

static void rank(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                 int argumentCount, sqlite3_value **arguments) {
    const double k1 = 1.2, b = 0.75;
    RankData *data = NULL;
    int rc = rankData(api, fts, argumentCount, arguments, &data);
    int instances = 0;
    if (rc == SQLITE_OK) {
        memset(data->frequency, 0, sizeof(double) * (size_t)data->phrases);
        rc = api->xInstCount(fts, &instances);
    }
    for (int i = 0; rc == SQLITE_OK && i < instances; i++) {
        int phrase, column, offset;
        rc = api->xInst(fts, i, &phrase, &column, &offset);
        if (rc == SQLITE_OK) data->frequency[phrase] += data->weight[column];
    }
    double length = 0.0;
    if (rc == SQLITE_OK) {
        int count;
        rc = api->xColumnSize(fts, -1, &count);
        length = (double)count;
    }
    if (rc != SQLITE_OK) {
        sqlite3_result_error_code(context, rc);
        return;
    }
    double score = 0.0;
    for (int i = 0; i < data->phrases; i++) {
        double f = data->frequency[i];
        score += data->idf[i] * ((f * (k1 + 1.0)) / (f + k1 * (1 - b + b * length / data->averageLength)));
    }
    sqlite3_result_double(context, -1.0 * score);
}

int csqlite_register_rank(void *connection) {
    sqlite3 *db = connection;
    fts5_api *api = NULL;
    sqlite3_stmt *statement = NULL;
    int rc = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, NULL);
    if (rc != SQLITE_OK) return rc;
    sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", NULL);
    sqlite3_step(statement);
    rc = sqlite3_finalize(statement);
    if (rc != SQLITE_OK) return rc;
    if (!api || api->iVersion < 2) return SQLITE_ERROR;
    return api->xCreateFunction(api, "margin_rank", NULL, rank, NULL);
}

// The results store of an atlas: DIR/results.jsonl, one JSON record per line, appended as each
// question is answered; and DIR/parts/job-N.json, the result of one job run on its own (a Slurm
// task, a worker of the local pool) until it is folded into the store.
// Why JSON lines and not SQLite: the store is committed to the repository beside its report, and
// text diffs line by line there; appending one line with one write(2) under flock(2), then
// fsync(2), loses at most the line being written when a run is killed, and a torn last line is
// ignored on reading and cut off by the next append; merging Slurm parts is appending lines; and no query needs
// more than reading every record once.
// Invariant: a record is in the store once its line is complete; the last complete record of a
// key is that key's answer; folding a part appends it unless the store already holds a settled
// record of its key, and deletes the part only after the append is on disk.
#pragma once
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace carve::atlas {

std::string store_path(const std::string& dir);           // DIR/results.jsonl
std::string part_path(const std::string& dir, int index);  // DIR/parts/job-000123.json

struct StoreContents {
  std::vector<nlohmann::json> records;          // in file order
  std::map<std::string, nlohmann::json> latest; // key -> its last record
  int torn_lines = 0;                           // an incomplete last line (a run killed mid-write)
};

// Reads the store (an absent file is empty). A malformed line other than a torn last one throws
// std::runtime_error naming file and line.
StoreContents read_store(const std::string& dir);

// Appends one record as one line and syncs it to disk (first cutting off a torn last line).
void append_record(const std::string& dir, const nlohmann::json& record);

// Writes a part file atomically (a temporary file renamed into place).
void write_part(const std::string& dir, int index, const nlohmann::json& record);

// Folds every complete part into the store (see the invariant); returns how many records were
// appended and how many parts were dropped because the store already settled their key.
struct FoldCount {
  int appended = 0, dropped = 0;
};
FoldCount fold_parts(const std::string& dir);
// Folds the part of job `index` (the pool, which alone runs that question): appends it and
// deletes it; returns the record.
nlohmann::json fold_part(const std::string& dir, int index);

}  // namespace carve::atlas
